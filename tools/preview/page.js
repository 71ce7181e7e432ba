// The preview page's script (plain browser JavaScript, inlined into
// dist/preview/index.html by tools/preview/page.ts). It only draws the data the
// pipeline computed with the library: no puzzle rule lives here.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('proofpack-data').textContent);
  var SVGNS = 'http://www.w3.org/2000/svg';

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /** SVG markup of a picture with the given fills/labels and outlined rectangles. */
  function svgOf(pic, fill, text, palette, marks, cell, changed) {
    var pad = pic.colLabels ? cell : 0;
    var left = pic.rowLabels ? cell : 0;
    var w = left + pic.cols * cell + 1;
    var h = pad + pic.rows * cell + 1;
    var out = [
      '<svg xmlns="' +
        SVGNS +
        '" viewBox="0 0 ' +
        w +
        ' ' +
        h +
        '" width="' +
        w +
        '" height="' +
        h +
        '" font-family="sans-serif" font-size="' +
        Math.round(cell * 0.55) +
        '" text-anchor="middle" dominant-baseline="central">',
    ];
    for (var r = 0; r < pic.rows; r++) {
      for (var c = 0; c < pic.cols; c++) {
        var i = r * pic.cols + c;
        var x = left + c * cell,
          y = pad + r * cell;
        out.push(
          '<rect x="' + x + '" y="' + y + '" width="' + cell + '" height="' + cell + '" fill="' + palette[fill[i]] + '" stroke="#9aa3ad" stroke-width="0.5"/>',
        );
        if (text[i]) out.push('<text x="' + (x + cell / 2) + '" y="' + (y + cell / 2) + '">' + escapeXml(text[i]) + '</text>');
      }
    }
    if (pic.colLabels)
      pic.colLabels.forEach(function (t, c) {
        out.push('<text x="' + (left + c * cell + cell / 2) + '" y="' + cell / 2 + '" fill="#c0392b">' + escapeXml(t) + '</text>');
      });
    if (pic.rowLabels)
      pic.rowLabels.forEach(function (t, r) {
        out.push('<text x="' + cell / 2 + '" y="' + (pad + r * cell + cell / 2) + '" fill="#c0392b">' + escapeXml(t) + '</text>');
      });
    (changed || []).forEach(function (i) {
      var x = left + (i % pic.cols) * cell,
        y = pad + Math.floor(i / pic.cols) * cell;
      out.push(
        '<rect x="' +
          (x + 1.5) +
          '" y="' +
          (y + 1.5) +
          '" width="' +
          (cell - 3) +
          '" height="' +
          (cell - 3) +
          '" fill="none" stroke="#fb8c00" stroke-width="3"/>',
      );
    });
    (marks || []).forEach(function (m) {
      out.push(
        '<rect x="' +
          (left + m[1] * cell + 1) +
          '" y="' +
          (pad + m[0] * cell + 1) +
          '" width="' +
          ((m[3] - m[1] + 1) * cell - 2) +
          '" height="' +
          ((m[2] - m[0] + 1) * cell - 2) +
          '" fill="none" stroke="#e53935" stroke-width="2.5"/>',
      );
    });
    out.push('</svg>');
    return out.join('');
  }

  function escapeXml(s) {
    return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  }

  // ---- lazy thumbnails: drawn when they scroll into view ----
  var pending = new Map();
  var observer = new IntersectionObserver(
    function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        var job = pending.get(entry.target);
        if (!job) return;
        pending.delete(entry.target);
        observer.unobserve(entry.target);
        entry.target.innerHTML = svgOf(job.level.p, job.level.p.fill, job.level.p.text, job.pack.palette, null, 12);
      });
    },
    { rootMargin: '400px' },
  );

  // ---- histogram of the difficulty measure per tier: counts on the bars, an axis ----
  function fmt(x) {
    return Math.round(x * 10) / 10;
  }
  function histogram(pack) {
    var values = pack.levels.map(function (l) {
      return l.d;
    });
    var lo = Math.min.apply(null, values),
      hi = Math.max.apply(null, values);
    var bins = 12,
      width = (hi - lo) / bins || 1;
    // whole-number measures (slide moves, apple scores, logicDepth): bins of whole numbers, never fractional
    var whole = values.every(function (v) {
      return Math.round(v) === v;
    });
    if (whole) {
      width = Math.max(1, Math.ceil((hi - lo + 1) / 12));
      bins = Math.ceil((hi - lo + 1) / width);
    }
    var box = el('div', { class: 'hist' });
    // bars between y = 10 and y = 50 (counts above them), the axis at y = 50, its labels below
    var left = 14,
      barW = 9,
      top = 10,
      base = 50,
      W = left + bins * barW + 4;
    pack.tiers.forEach(function (tier) {
      var counts = new Array(bins).fill(0);
      pack.levels.forEach(function (l) {
        if (l.tier === tier) counts[Math.min(bins - 1, Math.floor((l.d - lo) / width))]++;
      });
      var max = Math.max.apply(null, counts) || 1;
      var parts = counts.map(function (k, b) {
        var h = Math.round(((base - top) * k) / max),
          x = left + b * barW;
        var bar =
          '<rect class="hist-bar" data-count="' +
          k +
          '" x="' +
          x +
          '" y="' +
          (base - h) +
          '" width="' +
          (barW - 1) +
          '" height="' +
          h +
          '" fill="#5c6bc0"><title>' +
          k +
          ' levels with ' +
          pack.difficultyLabel +
          ' ' +
          fmt(lo + b * width) +
          '–' +
          fmt(lo + (b + 1) * width) +
          '</title></rect>';
        return k > 0
          ? bar + '<text class="hist-count" x="' + (x + (barW - 1) / 2) + '" y="' + (base - h - 1.5) + '" font-size="6" text-anchor="middle">' + k + '</text>'
          : bar;
      });
      parts.push(
        '<line class="hist-axis" x1="' + left + '" y1="' + base + '" x2="' + (left + bins * barW) + '" y2="' + base + '" stroke="#555" stroke-width="0.8"/>',
      );
      parts.push('<line x1="' + left + '" y1="' + top + '" x2="' + left + '" y2="' + base + '" stroke="#555" stroke-width="0.8"/>');
      parts.push('<text class="hist-ymax" x="' + (left - 2) + '" y="' + (top + 2) + '" font-size="6" text-anchor="end">' + max + '</text>');
      parts.push('<text x="' + (left - 2) + '" y="' + base + '" font-size="6" text-anchor="end">0</text>');
      parts.push('<text class="hist-tick" x="' + left + '" y="' + (base + 8) + '" font-size="6" text-anchor="start">' + fmt(lo) + '</text>');
      parts.push('<text class="hist-tick" x="' + (left + bins * barW) + '" y="' + (base + 8) + '" font-size="6" text-anchor="end">' + fmt(hi) + '</text>');
      var fig = el('figure', { class: 'hist-tier', 'data-tier': tier });
      fig.innerHTML = '<svg viewBox="0 0 ' + W + ' 60" width="' + W * 1.25 + '" height="75">' + parts.join('') + '</svg>';
      fig.appendChild(el('figcaption', {}, tier));
      box.appendChild(fig);
    });
    var note = el(
      'p',
      { class: 'hist-note' },
      'levels per ' +
        pack.difficultyLabel +
        ' (x axis, ' +
        fmt(lo) +
        ' to ' +
        fmt(hi) +
        ', ' +
        bins +
        ' bins' +
        (whole ? ' of ' + width + (width === 1 ? ' whole number' : ' whole numbers') + ' each' : '') +
        '), per tier; the number on a bar is its count',
    );
    box.appendChild(note);
    return box;
  }

  // ---- the level viewer: the stored solution step by step ----
  var viewer = document.getElementById('viewer');
  var current = null;
  function show(pack, level) {
    current = { pack: pack, level: level, step: 0 };
    viewer.hidden = false;
    draw();
  }
  function draw() {
    var lv = current.level,
      pack = current.pack;
    var fill = lv.p.fill.slice(),
      text = lv.p.text.slice();
    for (var k = 0; k < current.step; k++) {
      lv.s[k].set.forEach(function (c) {
        fill[c[0]] = c[1];
        text[c[0]] = c[2];
      });
    }
    var last = current.step > 0 ? lv.s[current.step - 1] : null;
    var marks = last ? last.marks : null;
    var changed = last
      ? last.set.map(function (c) {
          return c[0];
        })
      : null;
    document.getElementById('viewer-title').textContent = lv.id + ' · ' + lv.tier + ' · ' + pack.name;
    document.getElementById('viewer-board').innerHTML = svgOf(lv.p, fill, text, pack.palette, marks, 36, changed);
    document.getElementById('viewer-step').textContent = 'step ' + current.step + ' / ' + lv.s.length;
    document.getElementById('viewer-caption').textContent = current.step === 0 ? 'start' : lv.s[current.step - 1].caption;
    document.getElementById('viewer-prev').disabled = current.step === 0;
    document.getElementById('viewer-next').disabled = current.step === lv.s.length;
  }
  document.getElementById('viewer-prev').onclick = function () {
    if (current.step > 0) {
      current.step--;
      draw();
    }
  };
  document.getElementById('viewer-next').onclick = function () {
    if (current.step < current.level.s.length) {
      current.step++;
      draw();
    }
  };
  document.getElementById('viewer-close').onclick = function () {
    viewer.hidden = true;
  };
  document.addEventListener('keydown', function (e) {
    if (viewer.hidden) return;
    if (e.key === 'ArrowRight') document.getElementById('viewer-next').click();
    if (e.key === 'ArrowLeft') document.getElementById('viewer-prev').click();
    if (e.key === 'Escape') viewer.hidden = true;
  });

  // ---- one contact sheet per pack ----
  var main = document.getElementById('packs');
  data.packs.forEach(function (pack) {
    var section = el('section', { class: 'pack', 'data-pack': pack.name });
    section.appendChild(el('h2', {}, pack.name + ' (' + pack.kind + ', ' + pack.levels.length + ' levels)'));
    var filter = el('div', { class: 'filter' });
    var grid = el('div', { class: 'grid' });
    var buttons = [];
    function setFilter(tier) {
      buttons.forEach(function (b) {
        b.setAttribute('aria-pressed', String(b.dataset.tier === tier));
      });
      Array.prototype.forEach.call(grid.children, function (card) {
        card.hidden = tier !== '*' && card.dataset.tier !== tier;
      });
    }
    [['*', 'all (' + pack.levels.length + ')']]
      .concat(
        pack.tiers.map(function (t) {
          return [
            t,
            t +
              ' (' +
              pack.levels.filter(function (l) {
                return l.tier === t;
              }).length +
              ')',
          ];
        }),
      )
      .forEach(function (pair) {
        var b = el('button', { type: 'button', class: 'tier-button', 'data-tier': pair[0] }, pair[1]);
        b.onclick = function () {
          setFilter(pair[0]);
        };
        buttons.push(b);
        filter.appendChild(b);
      });
    section.appendChild(filter);
    section.appendChild(histogram(pack));
    pack.levels.forEach(function (level) {
      var card = el('article', { class: 'card', 'data-tier': level.tier, 'data-id': level.id, tabindex: '0' });
      var thumb = el('div', { class: 'thumb' });
      card.appendChild(thumb);
      card.appendChild(el('div', { class: 'id' }, level.id));
      card.appendChild(el('div', { class: 'tier' }, level.tier));
      var dl = el('dl');
      level.m.forEach(function (m) {
        dl.appendChild(el('dt', {}, m[0]));
        dl.appendChild(el('dd', {}, String(m[1])));
      });
      card.appendChild(dl);
      card.onclick = function () {
        show(pack, level);
      };
      card.onkeydown = function (e) {
        if (e.key === 'Enter') show(pack, level);
      };
      grid.appendChild(card);
      pending.set(thumb, { level: level, pack: pack });
      observer.observe(thumb);
    });
    section.appendChild(grid);
    main.appendChild(section);
    setFilter('*');
  });
  document.body.dataset.ready = 'true';
})();
