"use strict";
(function () {
  var LINES = [
    [0, 1, 2], [3, 4, 5], [6, 7, 8],
    [0, 3, 6], [1, 4, 7], [2, 5, 8],
    [0, 4, 8], [2, 4, 6]
  ];
  var CORNERS = [0, 2, 6, 8];

  var boardEl = document.getElementById("board");
  var statusEl = document.getElementById("status");
  var winsEl = document.getElementById("wins");
  var lossesEl = document.getElementById("losses");
  var drawsEl = document.getElementById("draws");

  var cells = [];
  var board;
  var over;
  var aiTurn;
  var aiTimer = null;
  var tally = { wins: 0, losses: 0, draws: 0 };

  for (var i = 0; i < 9; i++) {
    var btn = document.createElement("button");
    btn.type = "button";
    btn.className = "cell";
    btn.addEventListener("click", onCellClick.bind(null, i));
    boardEl.appendChild(btn);
    cells.push(btn);
  }

  function onCellClick(index) {
    play(index);
  }

  function describe(index) {
    var row = Math.floor(index / 3) + 1;
    var col = (index % 3) + 1;
    var mark = board[index] || "empty";
    return "Row " + row + ", column " + col + ", " + mark;
  }

  function render(winLine) {
    for (var i = 0; i < 9; i++) {
      var c = cells[i];
      c.textContent = board[i];
      c.classList.toggle("x", board[i] === "X");
      c.classList.toggle("o", board[i] === "O");
      c.classList.toggle("win", !!winLine && winLine.indexOf(i) !== -1);
      c.setAttribute("aria-label", describe(i));
    }
    boardEl.classList.toggle("done", over);
  }

  function winner(b) {
    for (var i = 0; i < LINES.length; i++) {
      var l = LINES[i];
      if (b[l[0]] && b[l[0]] === b[l[1]] && b[l[1]] === b[l[2]]) {
        return { mark: b[l[0]], line: l };
      }
    }
    return null;
  }

  function emptyCells(b) {
    var out = [];
    for (var i = 0; i < 9; i++) if (!b[i]) out.push(i);
    return out;
  }

  function pick(list) {
    return list[Math.floor(Math.random() * list.length)];
  }

  // Cells where `mark` would complete a line right now.
  function finishingMoves(b, mark) {
    return emptyCells(b).filter(function (i) {
      var copy = b.slice();
      copy[i] = mark;
      var w = winner(copy);
      return !!w && w.mark === mark;
    });
  }

  function chooseMove(b) {
    var win = finishingMoves(b, "O");
    if (win.length) return pick(win);
    var block = finishingMoves(b, "X");
    if (block.length) return pick(block);
    if (!b[4]) return 4;
    var corners = CORNERS.filter(function (i) { return !b[i]; });
    if (corners.length) return pick(corners);
    return pick(emptyCells(b));
  }

  function newGame() {
    clearTimeout(aiTimer);
    board = ["", "", "", "", "", "", "", "", ""];
    over = false;
    aiTurn = false;
    statusEl.textContent = "Your turn. You are X.";
    render(null);
  }

  function play(index) {
    if (over || aiTurn || board[index]) return;
    board[index] = "X";
    render(null);
    if (checkEnd()) return;
    aiTurn = true;
    statusEl.textContent = "Computer is thinking...";
    aiTimer = setTimeout(function () {
      board[chooseMove(board)] = "O";
      aiTurn = false;
      render(null);
      if (!checkEnd()) statusEl.textContent = "Your turn.";
    }, 350);
  }

  function checkEnd() {
    var w = winner(board);
    if (w) {
      over = true;
      if (w.mark === "X") {
        tally.wins++;
        statusEl.textContent = "You win! Press New game to play again.";
      } else {
        tally.losses++;
        statusEl.textContent = "The computer wins. Press New game to try again.";
      }
      render(w.line);
      updateTally();
      return true;
    }
    if (!emptyCells(board).length) {
      over = true;
      tally.draws++;
      statusEl.textContent = "It's a draw. Press New game to play again.";
      render(null);
      updateTally();
      return true;
    }
    return false;
  }

  function updateTally() {
    winsEl.textContent = String(tally.wins);
    lossesEl.textContent = String(tally.losses);
    drawsEl.textContent = String(tally.draws);
  }

  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key >= "1" && e.key <= "9" && e.key.length === 1) {
      e.preventDefault();
      var index = Number(e.key) - 1;
      play(index);
      cells[index].focus();
    } else if ((e.key === "n" || e.key === "N") && over) {
      newGame();
    }
  });

  document.getElementById("restart").addEventListener("click", newGame);

  newGame();
})();
