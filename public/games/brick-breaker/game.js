"use strict";
(function () {
  var W = 400;
  var H = 480;
  var ROWS = 6;
  var COLS = 8;
  var MARGIN = 16;
  var GAP = 4;
  var TOP = 56;
  var BRICK_H = 16;
  var BRICK_W = (W - MARGIN * 2 - GAP * (COLS - 1)) / COLS;
  var COLORS = ["#f43f5e", "#f97316", "#eab308", "#22c55e", "#06b6d4", "#8b5cf6"];
  var PADDLE_W = 72;
  var PADDLE_H = 10;
  var PADDLE_Y = H - 30;
  var PADDLE_SPEED = 420;
  var BALL_R = 6;
  var START_SPEED = 280;
  var MAX_SPEED = 460;
  var MAX_ANGLE = Math.PI / 3;

  var canvas = document.getElementById("game");
  var ctx = canvas.getContext("2d");
  var scoreEl = document.getElementById("score");
  var livesEl = document.getElementById("lives");
  var bestEl = document.getElementById("best");
  var statusEl = document.getElementById("status");
  var pauseBtn = document.getElementById("pause");
  var restartBtn = document.getElementById("restart");

  var bricks, paddleX, ball, speed, score, lives, best, state;
  var keys = { left: false, right: false };
  var pointerX = null;
  var pointerDown = false;
  var last = 0;

  function loadBest() {
    try { return parseInt(localStorage.getItem("bricks-best"), 10) || 0; } catch (e) { return 0; }
  }
  function saveBest(v) {
    try { localStorage.setItem("bricks-best", String(v)); } catch (e) { /* ignore */ }
  }

  function setupCanvas() {
    var dpr = window.devicePixelRatio || 1;
    canvas.width = W * dpr;
    canvas.height = H * dpr;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  }

  function reset() {
    bricks = [];
    for (var r = 0; r < ROWS; r++) {
      for (var c = 0; c < COLS; c++) {
        bricks.push({
          x: MARGIN + c * (BRICK_W + GAP),
          y: TOP + r * (BRICK_H + GAP),
          color: COLORS[r % COLORS.length],
          points: (ROWS - r) * 10,
          alive: true
        });
      }
    }
    score = 0;
    lives = 3;
    best = loadBest();
    paddleX = (W - PADDLE_W) / 2;
    serve();
    updateHud();
  }

  function serve() {
    state = "ready";
    speed = START_SPEED;
    ball = { x: paddleX + PADDLE_W / 2, y: PADDLE_Y - BALL_R - 1, vx: 0, vy: 0 };
    setStatus("Press Space or tap to launch the ball.");
    pauseBtn.textContent = "Pause";
  }

  function launch() {
    var angle = (Math.random() - 0.5) * (Math.PI / 3);
    ball.vx = speed * Math.sin(angle);
    ball.vy = -speed * Math.cos(angle);
    state = "playing";
    setStatus("");
  }

  function togglePause() {
    if (state === "playing") {
      state = "paused";
      pauseBtn.textContent = "Resume";
      setStatus("Paused.");
    } else if (state === "paused") {
      state = "playing";
      pauseBtn.textContent = "Pause";
      setStatus("");
    }
  }

  function updateHud() {
    scoreEl.textContent = String(score);
    livesEl.textContent = String(lives);
    bestEl.textContent = String(Math.max(best, score));
  }

  function setStatus(text) {
    statusEl.textContent = text;
  }

  function finish(won) {
    state = won ? "won" : "over";
    if (score > best) {
      best = score;
      saveBest(best);
    }
    updateHud();
    setStatus(won ? "You cleared the wall! Press Restart to play again." : "Game over. Press Restart or Enter to try again.");
  }

  function setSpeed(s) {
    speed = s;
    var len = Math.sqrt(ball.vx * ball.vx + ball.vy * ball.vy) || 1;
    ball.vx = (ball.vx / len) * speed;
    ball.vy = (ball.vy / len) * speed;
  }

  function movePaddle(dt) {
    if (keys.left || keys.right) {
      pointerX = null;
      paddleX += ((keys.right ? 1 : 0) - (keys.left ? 1 : 0)) * PADDLE_SPEED * dt;
    } else if (pointerX !== null) {
      paddleX = pointerX - PADDLE_W / 2;
    }
    paddleX = Math.max(0, Math.min(W - PADDLE_W, paddleX));
  }

  function step(dt) {
    ball.x += ball.vx * dt;
    ball.y += ball.vy * dt;

    if (ball.x < BALL_R) { ball.x = BALL_R; ball.vx = Math.abs(ball.vx); }
    if (ball.x > W - BALL_R) { ball.x = W - BALL_R; ball.vx = -Math.abs(ball.vx); }
    if (ball.y < BALL_R) { ball.y = BALL_R; ball.vy = Math.abs(ball.vy); }

    // paddle
    if (ball.vy > 0 &&
        ball.y + BALL_R >= PADDLE_Y && ball.y - BALL_R <= PADDLE_Y + PADDLE_H &&
        ball.x >= paddleX - BALL_R && ball.x <= paddleX + PADDLE_W + BALL_R) {
      var hit = (ball.x - (paddleX + PADDLE_W / 2)) / (PADDLE_W / 2);
      hit = Math.max(-1, Math.min(1, hit));
      var angle = hit * MAX_ANGLE;
      ball.vx = speed * Math.sin(angle);
      ball.vy = -speed * Math.cos(angle);
      ball.y = PADDLE_Y - BALL_R;
    }

    // bricks: handle at most one hit per step
    for (var i = 0; i < bricks.length; i++) {
      var b = bricks[i];
      if (!b.alive) continue;
      var cx = Math.max(b.x, Math.min(ball.x, b.x + BRICK_W));
      var cy = Math.max(b.y, Math.min(ball.y, b.y + BRICK_H));
      var dx = ball.x - cx;
      var dy = ball.y - cy;
      if (dx * dx + dy * dy > BALL_R * BALL_R) continue;
      b.alive = false;
      var overlapX = Math.min(ball.x + BALL_R - b.x, b.x + BRICK_W - (ball.x - BALL_R));
      var overlapY = Math.min(ball.y + BALL_R - b.y, b.y + BRICK_H - (ball.y - BALL_R));
      if (overlapX < overlapY) {
        ball.vx = ball.x < b.x + BRICK_W / 2 ? -Math.abs(ball.vx) : Math.abs(ball.vx);
      } else {
        ball.vy = ball.y < b.y + BRICK_H / 2 ? -Math.abs(ball.vy) : Math.abs(ball.vy);
      }
      score += b.points;
      setSpeed(Math.min(MAX_SPEED, speed + 4));
      updateHud();
      if (!bricks.some(function (k) { return k.alive; })) {
        finish(true);
        return;
      }
      break;
    }

    if (ball.y - BALL_R > H) {
      lives--;
      updateHud();
      if (lives <= 0) finish(false);
      else {
        serve();
        setStatus("Ball lost! " + lives + (lives === 1 ? " life" : " lives") + " left. Space or tap to launch.");
      }
    }
  }

  function update(dt) {
    if (state === "paused" || state === "over" || state === "won") return;
    movePaddle(dt);
    if (state === "ready") {
      ball.x = paddleX + PADDLE_W / 2;
      ball.y = PADDLE_Y - BALL_R - 1;
      return;
    }
    var steps = Math.ceil((speed * dt) / 3) || 1;
    for (var i = 0; i < steps && state === "playing"; i++) step(dt / steps);
  }

  function roundRect(x, y, w, h, r) {
    ctx.beginPath();
    ctx.moveTo(x + r, y);
    ctx.arcTo(x + w, y, x + w, y + h, r);
    ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r);
    ctx.arcTo(x, y, x + w, y, r);
    ctx.closePath();
    ctx.fill();
  }

  function draw() {
    ctx.fillStyle = "#111827";
    ctx.fillRect(0, 0, W, H);
    for (var i = 0; i < bricks.length; i++) {
      var b = bricks[i];
      if (!b.alive) continue;
      ctx.fillStyle = b.color;
      roundRect(b.x, b.y, BRICK_W, BRICK_H, 3);
    }
    ctx.fillStyle = "#e2e8f0";
    roundRect(paddleX, PADDLE_Y, PADDLE_W, PADDLE_H, 5);
    ctx.fillStyle = "#fde047";
    ctx.beginPath();
    ctx.arc(ball.x, ball.y, BALL_R, 0, Math.PI * 2);
    ctx.fill();

    var label = { ready: "Tap or press Space", paused: "Paused", over: "Game over", won: "You win!" }[state];
    if (label) {
      if (state !== "ready") {
        ctx.fillStyle = "rgba(15, 23, 42, 0.6)";
        ctx.fillRect(0, 0, W, H);
      }
      ctx.fillStyle = "#f8fafc";
      ctx.font = "bold " + (state === "ready" ? 20 : 30) + "px system-ui, sans-serif";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(label, W / 2, state === "ready" ? H * 0.62 : H / 2);
    }
  }

  function frame(t) {
    var dt = last ? Math.min((t - last) / 1000, 1 / 30) : 0;
    last = t;
    update(dt);
    draw();
    requestAnimationFrame(frame);
  }

  function primaryAction() {
    if (state === "ready") launch();
    else togglePause();
  }

  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var k = e.key;
    if (k === "ArrowLeft" || k === "a" || k === "A") { keys.left = true; e.preventDefault(); return; }
    if (k === "ArrowRight" || k === "d" || k === "D") { keys.right = true; e.preventDefault(); return; }
    var onButton = e.target && e.target.tagName === "BUTTON";
    if (k === " " || k === "Spacebar") {
      if (onButton) return;
      e.preventDefault();
      primaryAction();
    } else if (k === "p" || k === "P") {
      togglePause();
    } else if (k === "Enter" && !onButton && (state === "over" || state === "won")) {
      e.preventDefault();
      reset();
    }
  });

  document.addEventListener("keyup", function (e) {
    var k = e.key;
    if (k === "ArrowLeft" || k === "a" || k === "A") keys.left = false;
    if (k === "ArrowRight" || k === "d" || k === "D") keys.right = false;
  });

  function toCanvasX(e) {
    var rect = canvas.getBoundingClientRect();
    return ((e.clientX - rect.left) / rect.width) * W;
  }

  canvas.addEventListener("pointerdown", function (e) {
    pointerDown = true;
    pointerX = toCanvasX(e);
    if (canvas.setPointerCapture) {
      try { canvas.setPointerCapture(e.pointerId); } catch (err) { /* ignore */ }
    }
    if (state === "ready" || state === "paused") primaryAction();
    e.preventDefault();
  });
  canvas.addEventListener("pointermove", function (e) {
    if (e.pointerType === "mouse" || pointerDown) pointerX = toCanvasX(e);
  });
  function release() { pointerDown = false; }
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);

  pauseBtn.addEventListener("click", function () {
    if (state === "ready") launch();
    else togglePause();
  });
  restartBtn.addEventListener("click", function () {
    reset();
    restartBtn.blur();
  });

  document.addEventListener("visibilitychange", function () {
    if (document.hidden && state === "playing") togglePause();
  });
  window.addEventListener("blur", function () {
    keys.left = keys.right = false;
  });

  setupCanvas();
  reset();
  requestAnimationFrame(frame);
})();
