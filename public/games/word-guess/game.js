"use strict";
(function () {
  var ANSWERS = (
    "apple beach brain bread brick chair chalk charm chess class clock cloud coast couch crane crowd " +
    "dance dream drink eagle earth field flame flute frost fruit ghost giant glass globe grape grass " +
    "green heart honey horse house juice knife laser lemon light lunch magic mango maple march metal " +
    "money month mouse music night ocean olive orbit paint panel paper party peach pearl phone piano " +
    "pilot pizza plant plate point pound power quiet radio raven river robot rough round salad scale " +
    "scarf score shade shelf shirt skate sleep smile snake spark spoon sport stage stamp steam stone " +
    "storm story sugar sweet table teach tiger toast torch tower track trade train trend truck tulip " +
    "uncle unity urban value video vivid voice watch water whale wheat wheel world write yacht young " +
    "zebra badge bagel basic blend bloom board brave build cabin candy cargo cedar cider civic clean " +
    "coral craft cream daisy delta depth diary dough drift elbow fable feast ferry fiber focus forge " +
    "frame glide guide habit " +
    "").trim().split(" ");
  var EXTRA = (
    "about above actor acute adapt admit adopt adult after again agent agree ahead alarm album alert " +
    "alike alive allow alone along alter among angel anger angle angry apart apply arena argue arise " +
    "array aside asset audio audit avoid award aware awful baker basis batch begin being below bench " +
    "birth black blade blame blank blast blind block blood blown bonus boost bound brand break breed " +
    "brief bring broad broke brown brush buyer cable carry catch cause chain chart chase cheap check " +
    "chest chief child claim clear click climb close coach could count court cover crash crazy crime " +
    "cross curve cycle daily dated dealt death debut delay doubt dozen draft drama drawn dress drive " +
    "early eight elite empty enemy enjoy enter entry equal error event every exact exist extra faith " +
    "false fault fifth fifty fight final first flash fleet floor fluid force forth forty forum found " +
    "fresh front fully funny given glove going grace grade grand grant great gross group grown guard " +
    "guess guest happy heavy hello hobby hotel human ideal image index inner input issue joint judge " +
    "known label large later laugh layer learn lease least leave legal level limit local logic loose " +
    "lover lower lucky major maker match maybe mayor meant media minor model moral motor mount mouth " +
    "movie never newly noise north noted novel nurse occur offer often order other ought outer owner " +
    "pause phase photo piece pitch place plain plane press price pride prime print prior prize proof " +
    "proud prove queen quick quite raise range rapid ratio reach ready refer relax reply right rival " +
    "roast route royal rural scene scope sense serve seven shake shall shape share sharp sheep sheet " +
    "shift shock shoot short shown sight since sixth sixty skill slice slide small smart smoke solid " +
    "solve sorry sound south space spare speak speed spend spent split staff stand start state stick " +
    "still stock stood study stuff style suite super surge swing taste teeth thank theme there these " +
    "thick thing think third those three threw throw tight title today topic total touch tough trail " +
    "treat trial tribe trick tried trust truth twice under union until upper upset usage usual valid " +
    "virus visit vital waste while white whole whose woman women worry worse worst worth would wound " +
    "wrong wrote yield youth adieu stare slate arose irate crate trace react tears tales rates steal " +
    "saint snare tires notes lines earns hater stern " +
    "").trim().split(" ");
  var VALID = {};
  ANSWERS.concat(EXTRA).forEach(function (w) { VALID[w] = true; });

  var LEN = 5;
  var TRIES = 6;
  var RANK = { absent: 1, present: 2, correct: 3 };
  var KEY_ROWS = ["qwertyuiop", "asdfghjkl", "+zxcvbnm-"];

  var rowsEl = document.getElementById("rows");
  var keyboardEl = document.getElementById("keyboard");
  var statusEl = document.getElementById("status");
  var announceEl = document.getElementById("announce");

  var tiles = [];
  var rowEls = [];
  var keyEls = {};
  var answer = "";
  var guesses;
  var current;
  var keyState;
  var over;

  // Build the board
  for (var r = 0; r < TRIES; r++) {
    var rowEl = document.createElement("div");
    rowEl.className = "row";
    var rowTiles = [];
    for (var c = 0; c < LEN; c++) {
      var t = document.createElement("div");
      t.className = "tile";
      rowEl.appendChild(t);
      rowTiles.push(t);
    }
    rowEl.addEventListener("animationend", function (e) { e.currentTarget.classList.remove("shake"); });
    rowsEl.appendChild(rowEl);
    rowEls.push(rowEl);
    tiles.push(rowTiles);
  }

  // Build the on-screen keyboard
  KEY_ROWS.forEach(function (letters) {
    var krow = document.createElement("div");
    krow.className = "krow";
    letters.split("").forEach(function (ch) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "key";
      var value = ch;
      if (ch === "+") {
        value = "Enter";
        b.textContent = "Enter";
        b.classList.add("wide");
      } else if (ch === "-") {
        value = "Backspace";
        b.textContent = "\u232B";
        b.setAttribute("aria-label", "Delete letter");
        b.classList.add("wide");
      } else {
        b.textContent = ch;
        keyEls[ch] = b;
      }
      b.addEventListener("click", function () {
        handleKey(value);
        b.blur();
      });
      krow.appendChild(b);
    });
    keyboardEl.appendChild(krow);
  });

  function pickAnswer() {
    var i = Math.floor(Math.random() * ANSWERS.length);
    if (ANSWERS[i] === answer) i = (i + 1) % ANSWERS.length;
    return ANSWERS[i];
  }

  function newGame() {
    answer = pickAnswer();
    guesses = [];
    current = "";
    keyState = {};
    over = false;
    setStatus("Guess the five-letter word in six tries.");
    announceEl.textContent = "";
    renderAll();
  }

  function setStatus(text) {
    statusEl.textContent = text;
  }

  function evaluate(guess, target) {
    var result = [];
    var remaining = {};
    var i;
    for (i = 0; i < LEN; i++) {
      if (guess[i] === target[i]) {
        result[i] = "correct";
      } else {
        remaining[target[i]] = (remaining[target[i]] || 0) + 1;
      }
    }
    for (i = 0; i < LEN; i++) {
      if (result[i]) continue;
      if (remaining[guess[i]]) {
        result[i] = "present";
        remaining[guess[i]]--;
      } else {
        result[i] = "absent";
      }
    }
    return result;
  }

  function renderRow(r) {
    var entry = guesses[r];
    var text = entry ? entry.word : (r === guesses.length ? current : "");
    for (var c = 0; c < LEN; c++) {
      var tile = tiles[r][c];
      var ch = text[c] || "";
      tile.textContent = ch;
      tile.className = "tile" + (ch ? " filled" : "") + (entry ? " " + entry.result[c] : "");
    }
  }

  function renderKeys() {
    Object.keys(keyEls).forEach(function (ch) {
      var el = keyEls[ch];
      el.className = "key" + (keyState[ch] ? " " + keyState[ch] : "");
      el.setAttribute("aria-label", ch.toUpperCase() + (keyState[ch] ? ", " + keyState[ch] : ""));
    });
  }

  function renderAll() {
    for (var r = 0; r < TRIES; r++) renderRow(r);
    renderKeys();
  }

  function shake() {
    var el = rowEls[guesses.length];
    el.classList.remove("shake");
    void el.offsetWidth; // restart the animation
    el.classList.add("shake");
  }

  function submit() {
    if (current.length < LEN) {
      setStatus("Not enough letters.");
      shake();
      return;
    }
    if (!VALID[current]) {
      setStatus("\"" + current.toUpperCase() + "\" is not in the word list.");
      shake();
      return;
    }
    var result = evaluate(current, answer);
    guesses.push({ word: current, result: result });
    for (var i = 0; i < LEN; i++) {
      var ch = current[i];
      if (!keyState[ch] || RANK[result[i]] > RANK[keyState[ch]]) keyState[ch] = result[i];
    }
    announceEl.textContent = "Guess " + guesses.length + ": " + current.split("").map(function (ch, i) {
      return ch.toUpperCase() + " " + result[i];
    }).join(", ") + ".";
    var word = current;
    current = "";
    renderRow(guesses.length - 1);
    renderKeys();

    if (word === answer) {
      over = true;
      var praise = ["Genius!", "Excellent!", "Great!", "Nice!", "Good job!", "Phew!"][guesses.length - 1];
      setStatus(praise + " You got it in " + guesses.length + (guesses.length === 1 ? " try" : " tries") + ". Press New word to play again.");
    } else if (guesses.length === TRIES) {
      over = true;
      setStatus("Out of tries. The word was " + answer.toUpperCase() + ". Press New word to play again.");
    } else {
      setStatus((TRIES - guesses.length) + " tries left.");
    }
  }

  function handleKey(key) {
    if (over) {
      if (key === "Enter") newGame();
      return;
    }
    if (key === "Enter") {
      submit();
    } else if (key === "Backspace") {
      current = current.slice(0, -1);
      renderRow(guesses.length);
    } else if (/^[a-z]$/.test(key) && current.length < LEN) {
      current += key;
      renderRow(guesses.length);
    }
  }

  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target && (e.target.tagName === "BUTTON" || e.target.tagName === "A") && (e.key === "Enter" || e.key === " ")) return;
    var key = e.key;
    if (key === "Enter" || key === "Backspace") {
      e.preventDefault();
      handleKey(key);
    } else if (key.length === 1 && /[a-zA-Z]/.test(key)) {
      handleKey(key.toLowerCase());
    }
  });

  document.getElementById("restart").addEventListener("click", function (e) {
    newGame();
    e.currentTarget.blur();
  });

  newGame();
})();
