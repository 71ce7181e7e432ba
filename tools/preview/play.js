// The play-test page's script (plain browser JavaScript, inlined into
// dist/preview/play.html by tools/preview/play.ts). Every move goes through the
// client bundle (window.proofpack): ghostStep, slideStep, appleStep and their
// questions. No rule lives here; this file only draws and routes input.
(function () {
  'use strict';
  var P = window.proofpack;
  var data = JSON.parse(document.getElementById('proofpack-data').textContent);
  var $ = function (id) {
    return document.getElementById(id);
  };
  var rows = [];
  data.sets.forEach(function (set, si) {
    set.levels.forEach(function (level, li) {
      rows.push({ set: set, level: level, order: si * 100000 + li, metric: level.analysis[set.metric[0]] });
    });
  });
  var byId = Object.create(null); // no inherited keys: #constructor is not a level
  rows.forEach(function (r) {
    byId[r.level.id] = r;
  });

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // ---- the list: search, kind filter, sort, one #<id> link per level
  function drawList() {
    var q = $('search').value.trim().toLowerCase();
    var kind = $('kind').value;
    var sort = $('sort').value;
    var shown = rows.filter(function (r) {
      return (!kind || r.set.kind === kind) && (!q || (r.level.id + ' ' + r.set.name + ' ' + r.set.kind + ' ' + r.level.tier).toLowerCase().indexOf(q) >= 0);
    });
    shown.sort(function (a, b) {
      if (sort === 'id') return a.level.id < b.level.id ? -1 : 1;
      if (sort === 'metric-up') return a.metric - b.metric || a.order - b.order;
      if (sort === 'metric-down') return b.metric - a.metric || a.order - b.order;
      return a.order - b.order;
    });
    var table = el('table');
    shown.forEach(function (r) {
      var tr = el('tr');
      tr.setAttribute('data-id', r.level.id);
      var a = el('a', '', r.level.id);
      a.href = '#' + r.level.id;
      var td = el('td');
      td.appendChild(a);
      tr.appendChild(td);
      tr.appendChild(el('td', '', r.set.name));
      tr.appendChild(el('td', '', r.level.tier));
      tr.appendChild(el('td', 'metric', r.set.metric[1] + ' ' + r.metric));
      if (current && current.level.id === r.level.id) tr.className = 'current';
      table.appendChild(tr);
    });
    $('list').replaceChildren(table);
    $('shown').textContent = shown.length + ' shown';
  }
  ['search', 'kind', 'sort'].forEach(function (id) {
    $(id).addEventListener('input', drawList);
  });

  // ---- the level being played
  var current = null; // { set, level, state, ... }
  var game = null; // the kind's handlers

  function open(id) {
    var r = byId[id];
    if (!r) return;
    current = { set: r.set, level: r.level };
    game = GAMES[r.set.kind];
    $('title').textContent = r.level.id + ' · ' + r.set.name + ' · ' + r.level.tier;
    $('legend').textContent = game.legend(r.level);
    $('keys').textContent = game.keys;
    game.start(r.level);
    drawList();
    var tr = document.querySelector('#list tr[data-id="' + id + '"]');
    if (tr && tr.scrollIntoView) tr.scrollIntoView({ block: 'nearest' });
  }
  function redraw() {
    game.draw(current.level);
  }
  function setStatus(lines) {
    var s = $('status');
    s.replaceChildren();
    lines.forEach(function (l) {
      var d = el('div');
      d.appendChild(el('span', '', l[0] + ': '));
      var b = el('b', '', String(l[2]));
      b.id = l[1];
      d.appendChild(b);
      s.appendChild(d);
    });
  }
  function button(label, id, f) {
    var b = el('button', '', label);
    b.type = 'button';
    b.id = id;
    b.addEventListener('click', f);
    return b;
  }
  function labelCell(text, cls) {
    return el('div', 'label' + (cls ? ' ' + cls : ''), text);
  }
  var yn = function (v) {
    return v === null ? 'unknown' : v ? 'yes' : 'no';
  };

  // ---- ghost: click = × (click a × to remove it), double-click = catch
  var ghost = {
    legend: function () {
      return 'Red numbers: ghosts in that row / column. Grey cells with a number: clue cells (ghosts among the 8 neighbours; never a ghost). × = your "no ghost" mark, · = open (known empty: its row, column or clue is complete), 👻 = caught. Rows and columns are numbered from 0 (row, col). A wrong × or catch costs a life.';
    },
    keys: 'Mouse: click = ×, double-click = catch. Keys: arrows move the cursor, x = ×, c or Enter = catch, h = hint, r = restart.',
    start: function (level) {
      current.state = P.startGhostGame(level);
      current.cursor = [0, 0];
      current.hint = null;
      current.last = '';
      var c = $('controls');
      c.replaceChildren(
        button('hint', 'hint', function () {
          ghost.act({ type: 'hint' });
        }),
        button('restart', 'restart', function () {
          ghost.act({ type: 'restart' });
        }),
      );
      redraw();
    },
    act: function (action) {
      var r = P.ghostStep(current.level, current.state, action);
      current.state = r.state;
      current.last = r.event.kind + (r.event.kind === 'refused' ? ' (' + r.event.why + ')' : r.event.kind === 'caught' ? ' +' + r.event.points + (r.event.provable ? '' : ' (not provable then)') : '');
      if (r.event.kind === 'hint') current.hint = r.event.step;
      if (r.event.kind === 'restarted') current.hint = null;
      redraw();
    },
    draw: function (level) {
      var n = level.puzzle.size;
      var s = current.state;
      var play = P.ghostPlayOf(level, s);
      var board = $('board');
      board.className = 'kind-ghost';
      board.style.gridTemplateColumns = 'repeat(' + (n + 2) + ', 34px)';
      board.replaceChildren();
      board.appendChild(labelCell(''));
      board.appendChild(labelCell(''));
      for (var c = 0; c < n; c++) board.appendChild(labelCell('col ' + c));
      board.appendChild(labelCell(''));
      board.appendChild(labelCell(''));
      for (c = 0; c < n; c++) board.appendChild(labelCell(String(level.puzzle.cols[c]), 'count'));
      var hinted = {};
      if (current.hint)
        current.hint.ghosts.concat(current.hint.empties).forEach(function (rc) {
          hinted[rc[0] * n + rc[1]] = true;
        });
      var marks = {};
      s.marks.forEach(function (rc) {
        marks[rc[0] * n + rc[1]] = true;
      });
      for (var r = 0; r < n; r++) {
        board.appendChild(labelCell('row ' + r));
        board.appendChild(labelCell(String(level.puzzle.rows[r]), 'count'));
        for (c = 0; c < n; c++) {
          var ch = level.puzzle.grid[r][c];
          var cell = el('div', 'cell');
          cell.setAttribute('data-r', r);
          cell.setAttribute('data-c', c);
          var g = P.ghostAt(play, r, c);
          if (ch !== '.') {
            cell.className += ' clue';
            cell.textContent = ch;
          } else if (g >= 0 && play.caught[g]) cell.className += ' ghost';
          else if (marks[r * n + c]) cell.className += ' mark';
          else if (play.open[r * n + c]) cell.className += ' open';
          if (hinted[r * n + c]) cell.className += ' hinted';
          if (current.cursor[0] === r && current.cursor[1] === c) cell.className += ' cursor';
          board.appendChild(cell);
        }
      }
      var next = s.status === 'playing' ? P.nextHint(level, s) : null;
      var won = s.status === 'won';
      var medals = P.ghostMedalsEarned(play, level.analysis);
      setStatus([
        ['status', 'game-status', s.status + (won ? ' ' + (medals.best ? '💎' : '') + (medals.worst ? '💀' : '') + (P.isCleanClear(s) ? '🧠' : '') : '')],
        ['lives', 'lives', s.lives + ' of ' + s.startLives],
        ['score', 'score', s.score + ' (best ' + level.analysis.maxScore + ', worst ' + level.analysis.minScore + ')'],
        // a lost game ends on no score: it is on course for neither medal
        ['on course for 💎', 'course-best', s.status === 'lost' ? 'no' : yn(P.onCourseForBest(play, level.analysis))],
        ['on course for 💀', 'course-worst', s.status === 'lost' ? 'no' : yn(P.onCourseForWorst(play, level.analysis))],
        ['clean so far (🧠)', 'clean', s.attempt === 1 && s.hints === 0 && s.mistakes === 0 && s.unprovable === 0 ? 'yes' : 'no'],
        ['mistakes / hints / catches not provable', 'counts', s.mistakes + ' / ' + s.hints + ' / ' + s.unprovable + ' (attempt ' + s.attempt + ')'],
        ['next hint', 'next-hint', next ? 'layer ' + next.layer + ' from ' + next.constraints.map(function (k) {
          return k[0] + ' ' + k.slice(1).join(',');
        }).join(' + ') + ': ' + next.ghosts.length + ' ghost(s), ' + next.empties.length + ' empty' : 'none'],
        ['last action', 'last', current.last],
      ]);
    },
    click: function (cell, e) {
      var r = +cell.getAttribute('data-r');
      var c = +cell.getAttribute('data-c');
      current.cursor = [r, c];
      if (e.detail > 1) return;
      // a × waits for a possible double click on the same cell; a click elsewhere places it at once
      ghost.flushMark();
      current.pendingCell = [r, c];
      current.pending = setTimeout(ghost.flushMark, 250);
    },
    flushMark: function () {
      clearTimeout(current.pending);
      var p = current.pendingCell;
      current.pendingCell = null;
      if (p) ghost.toggleMark(p[0], p[1]);
    },
    dblclick: function (cell) {
      var r = +cell.getAttribute('data-r');
      var c = +cell.getAttribute('data-c');
      var p = current.pendingCell;
      // the double click's own first click is not a ×; a pending × on another cell is placed first
      if (p && p[0] === r && p[1] === c) {
        clearTimeout(current.pending);
        current.pendingCell = null;
      } else ghost.flushMark();
      ghost.act({ type: 'catch', row: r, col: c });
    },
    toggleMark: function (r, c) {
      var marked = current.state.marks.some(function (m) {
        return m[0] === r && m[1] === c;
      });
      ghost.act({ type: marked ? 'unmark' : 'mark', row: r, col: c });
    },
    key: function (k) {
      var n = current.level.puzzle.size;
      var cur = current.cursor;
      var mv = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[k];
      if (mv) {
        current.cursor = [Math.min(n - 1, Math.max(0, cur[0] + mv[0])), Math.min(n - 1, Math.max(0, cur[1] + mv[1]))];
        redraw();
      } else if (k === 'x') ghost.toggleMark(cur[0], cur[1]);
      else if (k === 'c' || k === 'Enter') ghost.act({ type: 'catch', row: cur[0], col: cur[1] });
      else if (k === 'h') ghost.act({ type: 'hint' });
      else if (k === 'r') ghost.act({ type: 'restart' });
      else return false;
      return true;
    },
  };

  // ---- slide: click a block, then an arrow key (or a direction button)
  var COLOURS = ['#fff', '#e53935', '#1e88e5', '#43a047', '#fdd835', '#8e24aa', '#fb8c00', '#00acc1', '#6d4c41', '#d81b60', '#7cb342', '#3949ab', '#c0ca33', '#546e7a', '#f06292', '#26a69a'];
  var slide = {
    legend: function () {
      return 'Coloured squares: blocks (same colour next to each other vanish after a move). ◆ = fixed block (never moves, vanishes like the others). Dark cells: walls. Columns and rows numbered from 0; a flick is (col, row, direction). Clear every block; ★★★ = in the proven minimum.';
    },
    keys: 'Mouse: click a block, then a direction button. Keys: arrows flick the selected block, u = undo, r = restart.',
    start: function (level) {
      current.state = P.startSlideGame(level);
      current.sel = null;
      current.last = '';
      var c = $('controls');
      c.replaceChildren();
      [['↑', 'U'], ['↓', 'D'], ['←', 'L'], ['→', 'R']].forEach(function (d) {
        c.appendChild(
          button(d[0], 'dir-' + d[1], function () {
            slide.flick(d[1]);
          }),
        );
      });
      c.appendChild(
        button('undo', 'undo', function () {
          slide.act({ type: 'undo' });
        }),
      );
      c.appendChild(
        button('restart', 'restart', function () {
          slide.act({ type: 'restart' });
        }),
      );
      redraw();
    },
    flick: function (dir) {
      if (!current.sel) return;
      slide.act({ type: 'flick', col: current.sel[0], row: current.sel[1], dir: dir });
    },
    act: function (action) {
      var r = P.slideStep(current.level, current.state, action);
      current.state = r.state;
      current.last = r.event.kind + (r.event.kind === 'refused' ? ' (' + r.event.why + ')' : '');
      if (r.event.kind === 'flicked') current.sel = null;
      redraw();
    },
    draw: function (level) {
      var rowsNow = P.slideGameBoard(level, current.state);
      var h = rowsNow.length;
      var w = rowsNow[0].length;
      var board = $('board');
      board.className = 'kind-slide';
      board.style.gridTemplateColumns = 'repeat(' + (w + 1) + ', 34px)';
      board.replaceChildren(labelCell(''));
      for (var c = 0; c < w; c++) board.appendChild(labelCell('col ' + c));
      for (var r = 0; r < h; r++) {
        board.appendChild(labelCell('row ' + r));
        for (c = 0; c < w; c++) {
          var ch = rowsNow[r][c];
          var cell = el('div', 'cell');
          cell.setAttribute('data-r', r);
          cell.setAttribute('data-c', c);
          if (ch === '#') cell.className += ' wall';
          else if (ch !== '.') {
            var fixed = ch >= 'A' && ch <= 'O';
            cell.className += ' block' + (fixed ? ' fixed' : '');
            cell.style.background = COLOURS[ch.toLowerCase().charCodeAt(0) - 96];
            cell.setAttribute('data-block', ch);
          }
          if (current.sel && current.sel[0] === c && current.sel[1] === r) cell.className += ' selected';
          board.appendChild(cell);
        }
      }
      var s = current.state;
      var st = level.analysis.stars;
      var stars = P.slideGameStars(level, s);
      setStatus([
        ['moves', 'moves', s.flicks.length + ' (★★★ ≤ ' + st.three + ', ★★ ≤ ' + st.two + ', ★ ≤ ' + st.one + ')'],
        ['stars earned', 'stars', stars ? '★'.repeat(stars) : '0'],
        ['★★★ still reachable', 'reach3', yn(P.threeStarsReachable(level, s))],
        ['best stars still reachable', 'reach', String(P.starsReachable(level, s))],
        ['undos / restarts', 'undos', s.undos + ' / ' + s.restarts],
        ['last action', 'last', current.last],
      ]);
    },
    click: function (cell) {
      // a click on floor or wall drops the selection
      current.sel = cell.getAttribute('data-block') ? [+cell.getAttribute('data-c'), +cell.getAttribute('data-r')] : null;
      redraw();
    },
    dblclick: function () {},
    key: function (k) {
      var d = { ArrowUp: 'U', ArrowDown: 'D', ArrowLeft: 'L', ArrowRight: 'R' }[k];
      if (d) slide.flick(d);
      else if (k === 'u') slide.act({ type: 'undo' });
      else if (k === 'r') slide.act({ type: 'restart' });
      else return false;
      return true;
    },
  };

  // ---- apple: drag a rectangle; it is taken on release when its sum is 10
  var apple = {
    legend: function () {
      return 'Digits 1–9; drag a rectangle whose remaining digits sum to 10 (the sum shows while you drag; removed cells count 0 and turn grey). Rows 0–9 and columns 0–16 are numbered from 0; a rectangle is [top, left, bottom, right]. Greedy and best scores are the stored references.';
    },
    keys: 'Mouse: drag a rectangle, release to take it. Keys: r = restart. The optional timer is the original two minutes.',
    start: function (level) {
      current.last = '';
      current.drag = null;
      var timed = $('timed') && $('timed').checked;
      apple.begin(level, timed);
      var c = $('controls');
      var label = el('label', '', ' 2-minute timer');
      var box = el('input');
      box.type = 'checkbox';
      box.id = 'timed';
      box.checked = !!timed;
      box.addEventListener('change', function () {
        apple.begin(current.level, box.checked);
        redraw();
      });
      label.prepend(box);
      c.replaceChildren(
        button('restart', 'restart', function () {
          apple.act({ type: 'restart' });
        }),
        label,
      );
      redraw();
    },
    begin: function (level, timed) {
      clearInterval(current.timer);
      current.state = P.startAppleGame(level, timed ? P.APPLE_TIME_LIMIT_MS : null);
      if (timed) {
        var last = performance.now();
        current.timer = setInterval(function () {
          var now = performance.now();
          var ms = Math.round(now - last);
          last = now;
          if (current.state.status === 'playing') {
            apple.act({ type: 'tick', ms: ms });
          }
        }, 250);
      }
    },
    act: function (action) {
      var r = P.appleStep(current.level, current.state, action);
      current.state = r.state;
      if (action.type !== 'tick') current.last = r.event.kind + (r.event.kind === 'refused' ? ' (' + r.event.why + ')' : r.event.kind === 'taken' ? ' ' + r.event.cleared : '');
      redraw();
    },
    rect: function () {
      var d = current.drag;
      if (!d) return null;
      return [Math.min(d[0], d[2]), Math.min(d[1], d[3]), Math.max(d[0], d[2]), Math.max(d[1], d[3])];
    },
    draw: function (level) {
      var play = P.applePlayOf(level, current.state);
      var board = $('board');
      board.className = 'kind-apple';
      board.style.gridTemplateColumns = 'repeat(18, 30px)';
      board.replaceChildren(labelCell(''));
      for (var c = 0; c < 17; c++) board.appendChild(labelCell(String(c)));
      var rect = apple.rect();
      var sum = rect ? P.appleRectSum(level, current.state, rect) : null;
      for (var r = 0; r < 10; r++) {
        board.appendChild(labelCell(String(r)));
        for (c = 0; c < 17; c++) {
          var v = play.cells[r * 17 + c];
          var cell = el('div', 'cell' + (v ? '' : ' gone'), v ? String(v) : '');
          cell.setAttribute('data-r', r);
          cell.setAttribute('data-c', c);
          if (rect && r >= rect[0] && r <= rect[2] && c >= rect[1] && c <= rect[3]) cell.className += ' sel' + (sum === 10 ? ' ten' : '');
          board.appendChild(cell);
        }
      }
      var s = current.state;
      var left = P.appleTimeLeft(s);
      var medals = P.appleMedalsEarned(play, level.analysis);
      setStatus([
        ['status', 'game-status', s.status + (medals.best ? ' 🏆 best score' : medals.greedy ? ' 🥈 greedy score' : '')],
        ['score', 'score', s.score + ' (greedy ' + level.analysis.greedyScore + ', best ' + level.analysis.bestScore + ', at most ' + level.analysis.upperBound + ')'],
        ['sum under the cursor', 'sum', sum === null ? '-' : sum + (rect ? ' in [' + rect.join(', ') + ']' : '')],
        ['rectangles', 'moves', s.taken.length],
        ['time left', 'time', left === null ? 'untimed' : (left / 1000).toFixed(1) + ' s'],
        ['last action', 'last', current.last],
      ]);
    },
    click: function () {},
    dblclick: function () {},
    key: function (k) {
      if (k === 'r') apple.act({ type: 'restart' });
      else return false;
      return true;
    },
  };

  var GAMES = { ghost: ghost, slide: slide, apple: apple };

  var board = $('board');
  function cellOf(e) {
    var t = e.target;
    return t && t.closest ? t.closest('.cell') : null;
  }
  board.addEventListener('click', function (e) {
    var cell = cellOf(e);
    if (cell && game) game.click(cell, e);
  });
  board.addEventListener('dblclick', function (e) {
    var cell = cellOf(e);
    if (cell && game) game.dblclick(cell, e);
  });
  board.addEventListener('mousedown', function (e) {
    var cell = cellOf(e);
    if (!cell || !game || game !== apple) return;
    e.preventDefault();
    var r = +cell.getAttribute('data-r');
    var c = +cell.getAttribute('data-c');
    current.drag = [r, c, r, c];
    redraw();
  });
  board.addEventListener('mousemove', function (e) {
    var cell = cellOf(e);
    if (!cell || game !== apple) return;
    var r = +cell.getAttribute('data-r');
    var c = +cell.getAttribute('data-c');
    if (current.drag) {
      if (current.drag[2] === r && current.drag[3] === c) return;
      current.drag[2] = r;
      current.drag[3] = c;
    } else current.hover = [r, c];
    redraw();
  });
  document.addEventListener('mouseup', function () {
    if (game !== apple || !current.drag) return;
    var rect = apple.rect();
    current.drag = null;
    var sum = P.appleRectSum(current.level, current.state, rect);
    if (sum === 10) apple.act({ type: 'take', rect: rect });
    else {
      current.last = 'not taken: [' + rect.join(', ') + '] sums to ' + sum + ', not 10';
      redraw();
    }
  });
  document.addEventListener('keydown', function (e) {
    if (!game || e.target === $('search')) return;
    if (game.key(e.key)) e.preventDefault();
  });
  /** The level id a #link names, or '' when it is not one (a lone %, a bad escape). */
  function hashId() {
    try {
      return decodeURIComponent(location.hash.slice(1));
    } catch (_e) {
      return '';
    }
  }
  window.addEventListener('hashchange', function () {
    open(hashId());
  });

  drawList();
  open(location.hash && byId[hashId()] ? hashId() : rows[0] && rows[0].level.id);
  if (!location.hash && rows[0]) history.replaceState(null, '', '#' + rows[0].level.id);
  document.body.setAttribute('data-ready', 'true');
})();
