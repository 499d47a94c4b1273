"use strict";
(function () {
  var SIZE = 20; // cells per side
  var PX = 400; // logical canvas size
  var CELL = PX / SIZE;
  var DIRS = {
    up: { x: 0, y: -1 },
    down: { x: 0, y: 1 },
    left: { x: -1, y: 0 },
    right: { x: 1, y: 0 }
  };

  var canvas = document.getElementById("board");
  var ctx = canvas.getContext("2d");
  var scoreEl = document.getElementById("score");
  var bestEl = document.getElementById("best");
  var statusEl = document.getElementById("status");

  var snake, dir, queue, food, score, best, state, timer;

  function loadBest() {
    try { return parseInt(localStorage.getItem("snake-best"), 10) || 0; } catch (e) { return 0; }
  }
  function saveBest(v) {
    try { localStorage.setItem("snake-best", String(v)); } catch (e) { /* storage unavailable */ }
  }

  function setupCanvas() {
    var dpr = window.devicePixelRatio || 1;
    canvas.width = PX * dpr;
    canvas.height = PX * dpr;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  }

  function reset() {
    clearTimeout(timer);
    var mid = Math.floor(SIZE / 2);
    snake = [{ x: mid, y: mid }, { x: mid - 1, y: mid }, { x: mid - 2, y: mid }];
    dir = DIRS.right;
    queue = [];
    score = 0;
    best = loadBest();
    state = "ready";
    placeFood();
    updateStats();
    setStatus("Press an arrow key or swipe to start.");
    draw();
  }

  function placeFood() {
    var free = [];
    for (var y = 0; y < SIZE; y++) {
      for (var x = 0; x < SIZE; x++) {
        if (!onSnake(x, y)) free.push({ x: x, y: y });
      }
    }
    food = free.length ? free[Math.floor(Math.random() * free.length)] : null;
  }

  function onSnake(x, y) {
    for (var i = 0; i < snake.length; i++) {
      if (snake[i].x === x && snake[i].y === y) return true;
    }
    return false;
  }

  function speed() {
    return Math.max(60, 140 - Math.floor(score / 5) * 10);
  }

  function turn(name) {
    var d = DIRS[name];
    if (!d) return;
    if (state === "over") return;
    var last = queue.length ? queue[queue.length - 1] : dir;
    var reverse = d.x === -last.x && d.y === -last.y;
    if (d !== last && !reverse && queue.length < 3) queue.push(d);
    if (state === "ready" || state === "paused") start();
  }

  function start() {
    state = "playing";
    setStatus("");
    clearTimeout(timer);
    timer = setTimeout(tick, speed());
  }

  function togglePause() {
    if (state === "playing") {
      state = "paused";
      clearTimeout(timer);
      setStatus("Paused. Press Space or a direction to continue.");
      draw();
    } else if (state === "paused") {
      start();
    }
  }

  function tick() {
    if (state !== "playing") return;
    if (queue.length) dir = queue.shift();
    var head = { x: snake[0].x + dir.x, y: snake[0].y + dir.y };
    var eating = food && head.x === food.x && head.y === food.y;
    // the tail moves away this tick unless we eat, so it is safe to enter
    var body = eating ? snake : snake.slice(0, -1);
    var hitSelf = body.some(function (c) { return c.x === head.x && c.y === head.y; });
    if (head.x < 0 || head.y < 0 || head.x >= SIZE || head.y >= SIZE || hitSelf) {
      gameOver();
      return;
    }
    snake.unshift(head);
    if (eating) {
      score++;
      updateStats();
      placeFood();
      if (!food) {
        state = "over";
        setStatus("You filled the board! Press Restart to play again.");
        draw();
        return;
      }
    } else {
      snake.pop();
    }
    draw();
    timer = setTimeout(tick, speed());
  }

  function gameOver() {
    state = "over";
    clearTimeout(timer);
    if (score > best) {
      best = score;
      saveBest(best);
    }
    updateStats();
    setStatus("Game over! Score " + score + ". Press Restart or Enter to play again.");
    draw();
  }

  function updateStats() {
    scoreEl.textContent = String(score);
    bestEl.textContent = String(Math.max(best, score));
  }

  function setStatus(text) {
    statusEl.textContent = text;
  }

  function draw() {
    ctx.fillStyle = "#111827";
    ctx.fillRect(0, 0, PX, PX);
    ctx.fillStyle = "#1f2937";
    for (var y = 0; y < SIZE; y++) {
      for (var x = (y % 2); x < SIZE; x += 2) {
        ctx.fillRect(x * CELL, y * CELL, CELL, CELL);
      }
    }
    if (food) {
      ctx.fillStyle = "#ef4444";
      ctx.beginPath();
      ctx.arc(food.x * CELL + CELL / 2, food.y * CELL + CELL / 2, CELL * 0.4, 0, Math.PI * 2);
      ctx.fill();
    }
    for (var i = snake.length - 1; i >= 0; i--) {
      ctx.fillStyle = i === 0 ? "#4ade80" : "#22c55e";
      ctx.fillRect(snake[i].x * CELL + 1, snake[i].y * CELL + 1, CELL - 2, CELL - 2);
    }
    if (state !== "playing") {
      ctx.fillStyle = "rgba(15, 23, 42, 0.55)";
      ctx.fillRect(0, 0, PX, PX);
      ctx.fillStyle = "#f8fafc";
      ctx.font = "bold 28px system-ui, sans-serif";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      var label = state === "ready" ? "Ready?" : state === "paused" ? "Paused" : (food ? "Game over" : "You win!");
      ctx.fillText(label, PX / 2, PX / 2);
    }
  }

  var KEYMAP = {
    ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right",
    w: "up", s: "down", a: "left", d: "right",
    W: "up", S: "down", A: "left", D: "right"
  };

  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var name = KEYMAP[e.key];
    if (name) {
      e.preventDefault();
      turn(name);
    } else if (e.key === " " || e.key === "p" || e.key === "P") {
      if (e.key === " " && e.target && e.target.tagName === "BUTTON") return;
      e.preventDefault();
      if (state === "paused") start();
      else togglePause();
    } else if (e.key === "Enter" && state === "over") {
      if (e.target && e.target.tagName === "BUTTON") return;
      e.preventDefault();
      reset();
    }
  });

  var touchStart = null;
  canvas.addEventListener("touchstart", function (e) {
    var t = e.changedTouches[0];
    touchStart = { x: t.clientX, y: t.clientY };
    e.preventDefault();
  }, { passive: false });
  canvas.addEventListener("touchmove", function (e) { e.preventDefault(); }, { passive: false });
  canvas.addEventListener("touchend", function (e) {
    if (!touchStart) return;
    var t = e.changedTouches[0];
    var dx = t.clientX - touchStart.x;
    var dy = t.clientY - touchStart.y;
    touchStart = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 20) {
      if (state === "playing" || state === "paused") togglePause();
      return;
    }
    if (Math.abs(dx) > Math.abs(dy)) turn(dx > 0 ? "right" : "left");
    else turn(dy > 0 ? "down" : "up");
  });

  var padButtons = document.querySelectorAll("[data-dir]");
  for (var i = 0; i < padButtons.length; i++) {
    padButtons[i].addEventListener("click", function (e) {
      turn(e.currentTarget.getAttribute("data-dir"));
      if (e.detail) e.currentTarget.blur(); // pointer click: keep Space/Enter for the game
    });
  }

  document.getElementById("restart").addEventListener("click", function (e) {
    reset();
    e.currentTarget.blur();
  });

  setupCanvas();
  reset();
})();
