"use strict";
(function () {
  var SYMBOLS = [
    { icon: "\u{1F34E}", name: "apple" },
    { icon: "\u{1F6B2}", name: "bicycle" },
    { icon: "\u{1F4DA}", name: "books" },
    { icon: "\u{1F3B8}", name: "guitar" },
    { icon: "\u26BD", name: "soccer ball" },
    { icon: "\u{1F335}", name: "cactus" },
    { icon: "\u{1F3A7}", name: "headphones" },
    { icon: "\u2615", name: "coffee" }
  ];
  var COLS = 4;

  var grid = document.getElementById("grid");
  var movesEl = document.getElementById("moves");
  var timeEl = document.getElementById("time");
  var bestEl = document.getElementById("best");
  var statusEl = document.getElementById("status");

  var cards = [];
  var open = [];
  var moves = 0;
  var matched = 0;
  var locked = false;
  var startTime = 0;
  var clock = null;
  var flipBack = null;

  function shuffle(list) {
    for (var i = list.length - 1; i > 0; i--) {
      var j = Math.floor(Math.random() * (i + 1));
      var t = list[i];
      list[i] = list[j];
      list[j] = t;
    }
    return list;
  }

  function loadBest() {
    try { return parseInt(localStorage.getItem("memory-best"), 10) || 0; } catch (e) { return 0; }
  }
  function saveBest(v) {
    try { localStorage.setItem("memory-best", String(v)); } catch (e) { /* ignore */ }
  }

  function formatTime(ms) {
    var s = Math.floor(ms / 1000);
    var m = Math.floor(s / 60);
    s = s % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function tickClock() {
    timeEl.textContent = formatTime(Date.now() - startTime);
  }

  function label(card) {
    var n = card.index + 1;
    if (card.matched) return "Card " + n + ", " + card.symbol.name + ", matched";
    if (card.open) return "Card " + n + ", " + card.symbol.name;
    return "Card " + n + ", face down";
  }

  function render(card) {
    card.el.classList.toggle("flipped", card.open);
    card.el.classList.toggle("matched", card.matched);
    card.el.setAttribute("aria-label", label(card));
    card.el.setAttribute("aria-disabled", card.matched ? "true" : "false");
  }

  function newGame() {
    clearTimeout(flipBack);
    clearInterval(clock);
    clock = null;
    open = [];
    moves = 0;
    matched = 0;
    locked = false;
    movesEl.textContent = "0";
    timeEl.textContent = "0:00";
    var best = loadBest();
    bestEl.textContent = best ? best + " moves" : "-";
    statusEl.textContent = "Find all " + SYMBOLS.length + " pairs.";

    var deck = shuffle(SYMBOLS.concat(SYMBOLS));
    grid.textContent = "";
    cards = deck.map(function (symbol, index) {
      var el = document.createElement("button");
      el.type = "button";
      el.className = "card";
      var inner = document.createElement("span");
      inner.className = "inner";
      var back = document.createElement("span");
      back.className = "face back-face";
      back.textContent = "?";
      back.setAttribute("aria-hidden", "true");
      var front = document.createElement("span");
      front.className = "face front-face";
      front.textContent = symbol.icon;
      front.setAttribute("aria-hidden", "true");
      inner.appendChild(back);
      inner.appendChild(front);
      el.appendChild(inner);
      var card = { el: el, symbol: symbol, index: index, open: false, matched: false };
      el.addEventListener("click", function () { flip(card); });
      el.addEventListener("keydown", function (e) { moveFocus(e, index); });
      grid.appendChild(el);
      render(card);
      return card;
    });
  }

  function flip(card) {
    if (locked || card.open || card.matched) return;
    if (!clock) {
      startTime = Date.now();
      clock = setInterval(tickClock, 500);
    }
    card.open = true;
    render(card);
    open.push(card);
    if (open.length < 2) return;

    moves++;
    movesEl.textContent = String(moves);
    var a = open[0];
    var b = open[1];
    if (a.symbol === b.symbol) {
      a.matched = b.matched = true;
      a.open = b.open = false;
      render(a);
      render(b);
      open = [];
      matched++;
      statusEl.textContent = "Match: " + a.symbol.name + "!";
      if (matched === SYMBOLS.length) win();
    } else {
      locked = true;
      statusEl.textContent = "No match. Try again.";
      flipBack = setTimeout(function () {
        a.open = b.open = false;
        render(a);
        render(b);
        open = [];
        locked = false;
      }, 850);
    }
  }

  function win() {
    clearInterval(clock);
    clock = null;
    tickClock();
    var best = loadBest();
    var msg = "You found every pair in " + moves + " moves and " + timeEl.textContent + ".";
    if (!best || moves < best) {
      saveBest(moves);
      bestEl.textContent = moves + " moves";
      if (best) msg += " New best!";
    }
    statusEl.textContent = msg + " Press Restart to play again.";
  }

  function moveFocus(e, index) {
    var row = Math.floor(index / COLS);
    var col = index % COLS;
    var rows = Math.ceil(cards.length / COLS);
    if (e.key === "ArrowRight") col = (col + 1) % COLS;
    else if (e.key === "ArrowLeft") col = (col + COLS - 1) % COLS;
    else if (e.key === "ArrowDown") row = (row + 1) % rows;
    else if (e.key === "ArrowUp") row = (row + rows - 1) % rows;
    else return;
    e.preventDefault();
    var target = cards[row * COLS + col];
    if (target) target.el.focus();
  }

  document.getElementById("restart").addEventListener("click", newGame);

  newGame();
})();
