// The theme map: a canvas scatter of every paper, named by theme.
import { el, text, titleNodes, typeset } from "./dom.js";
import { msg } from "./i18n.js";
import { loadPapers } from "./papers.js";
import { pageHref } from "./urls.js";

// Curated palettes that stay readable on Material's light (default) and
// dark (slate) backgrounds; themes beyond them get golden-angle hues.
// The tenth is brown, not grey: grey is "Other topics" (see pointColour).
var PALETTE_LIGHT = ["#3867b5", "#d9480f", "#2b8a3e", "#ae3ec9", "#c2255c", "#0b7285", "#8f6b00", "#5f3dc4", "#e8590c", "#8c5a3c"];
var PALETTE_DARK = ["#74a3f5", "#ff8f5c", "#69db7c", "#e599f7", "#f783ac", "#3bc9db", "#ffd43b", "#b197fc", "#ffa94d", "#d9a07b"];

// Past the curated ten, golden-angle hues at three lightnesses in turn:
// neighbours in hue then differ in lightness too, and stay apart.
function themeColour(i, dark) {
  var palette = dark ? PALETTE_DARK : PALETTE_LIGHT;
  if (i < palette.length) return palette[i];
  var hue = Math.round((i * 137.508) % 360);
  var step = i % 3;
  return dark ? "hsl(" + hue + ",70%," + [58, 70, 82][step] + "%)" : "hsl(" + hue + ",65%," + [28, 40, 52][step] + "%)";
}

// "Other topics" (generator/themes: OTHER_SLUG, whatever the interface's
// language) closes the list rather than naming a theme: its points are grey.
var OTHER_SLUG = "other-topics";
var OTHER_LIGHT = "#868e96";
var OTHER_DARK = "#909296";

function pointColour(map, c, dark) {
  if (map.themes[c] && map.themes[c].slug === OTHER_SLUG) return dark ? OTHER_DARK : OTHER_LIGHT;
  return themeColour(c, dark);
}

function isDark() {
  return document.body.getAttribute("data-md-color-scheme") === "slate";
}

var maps = [];

// A new page drops the maps of the page before it.
function forgetDetachedMaps() {
  maps = maps.filter(function (m) { return m.box.isConnected; });
}

// data: the decoded points.js (see papers.js, loadPoints). A point's record
// (title, status, page) comes with papers.js, which loads when the reader
// first reaches for the map; highlights are sets of rows.
function initMap(box, data, highlight) {
  if (box.hasAttribute("data-rl-ready")) return null;
  box.setAttribute("data-rl-ready", "");
  var themeSlug = box.getAttribute("data-theme") || "";
  var points = data.points.map(function (p) { return Object.assign({ rec: null, px: 0, py: 0 }, p); });
  if (!points.length) return null;

  var canvas = el("canvas", { class: "rl-map__canvas", role: "img", tabindex: "0" });
  var overlay = el("canvas", { class: "rl-map__overlay", "aria-hidden": "true" });
  var tip = el("div", { class: "rl-map__tip", hidden: true });
  var live = el("p", { class: "rl-offscreen", role: "status", "aria-live": "polite" });
  var frame = el("div", { class: "rl-map__frame" }, [canvas, overlay, tip]);
  box.append(frame, live);
  canvas.setAttribute("aria-label", msg(themeSlug ? "js.map_label_theme" : "js.map_label", { n: points.length }));

  var map = {
    box: box, canvas: canvas, overlay: overlay, tip: tip, live: live, frame: frame, themes: data.themes, points: points,
    themeSlug: themeSlug, lit: null, labels: [], width: 0, height: 0, radius: 3, grid: null, hover: -1, selected: -1, order: null, records: null
  };
  map.lit = highlight || defaultHighlight(map);
  // Test and tooling hook: where the paper of a row is, in CSS pixels of the canvas.
  canvas.rlPosition = function (row) {
    var p = points[row];
    return p ? [p.px, p.py] : null;
  };
  // And the themes' names as drawn: each with the box [left, top, right, bottom] its ink and halo take.
  canvas.rlLabels = function () {
    return map.labels.map(function (l) { return { label: l.label, box: l.ink.slice() }; });
  };
  bindMapEvents(map);
  if (window.ResizeObserver) new ResizeObserver(function () { scheduleDraw(map, false); }).observe(box);
  maps.push(map);
  drawMap(map, true);
  return map;
}

// A theme page lights up its theme's papers; a sub-theme page, only its own.
function defaultHighlight(map) {
  if (!map.themeSlug) return null; // null: every point in colour
  var sub = map.box.getAttribute("data-subtheme");
  return new Set(
    map.points
      .filter(function (p) { return sub ? p.subtheme_slug === sub : p.theme_slug === map.themeSlug; })
      .map(function (p) { return p.row; })
  );
}

function setMapHighlight(map, rows) {
  map.lit = rows;
  map.order = null;
  scheduleDraw(map, true);
}

function scheduleDraw(map, force) {
  if (map.pending) return;
  map.pending = true;
  requestAnimationFrame(function () {
    map.pending = false;
    if (map.box.isConnected) drawMap(map, force);
  });
}

function isLit(map, p) {
  return !map.lit || map.lit.has(p.row);
}

// Lay out and paint every point. Points are batched into one path per
// colour: a few fill() calls instead of one per point keep 20,000 points
// in the tens of milliseconds.
function drawMap(map, force) {
  // Reading the width settles the page's pending style and layout first;
  // time only the map's own work.
  // The stylesheet sizes the frame before the script runs: drawing never moves the page.
  var width = map.frame.clientWidth;
  var height = map.frame.clientHeight;
  var start = performance.now();
  if (!width || !height) return;
  if (!force && width === map.width && height === map.height) return;
  var dpr = window.devicePixelRatio || 1;
  map.width = width;
  map.height = height;
  [map.canvas, map.overlay].forEach(function (c) {
    c.width = Math.round(width * dpr);
    c.height = Math.round(height * dpr);
    c.style.width = width + "px";
    c.style.height = height + "px";
  });
  var n = map.points.length;
  // Points shrink with the room each one has, so a dense map on a phone stays points, not blobs.
  var r = Math.max(1, Math.min(5, 0.12 * Math.sqrt((width * height) / n)));
  map.radius = r;
  var pad = r + 8;
  map.points.forEach(function (p) {
    p.px = pad + p.x * (width - 2 * pad);
    p.py = pad + (1 - p.y) * (height - 2 * pad);
  });
  map.grid = buildGrid(map.points, width, height);

  var ctx = map.canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  var dark = isDark();
  var faint = [];
  var byColour = new Map();
  map.points.forEach(function (p) {
    if (!isLit(map, p)) faint.push(p);
    else {
      if (!byColour.has(p.c)) byColour.set(p.c, []);
      byColour.get(p.c).push(p);
    }
  });
  // Small points as squares: same look at that size, much cheaper than arcs.
  var square = n > 2000;
  ctx.globalAlpha = n > 2000 ? 0.75 : 0.9;
  fillPoints(ctx, faint, Math.max(1.2, r * 0.8), square, cssVar("--md-default-fg-color--lighter", "rgba(128,128,128,.4)"));
  byColour.forEach(function (list, c) { fillPoints(ctx, list, r, square, pointColour(map, c, dark)); });
  ctx.globalAlpha = 1;
  drawLabels(map, ctx);
  drawOverlay(map);
  var ms = performance.now() - start;
  map.box.setAttribute("data-render-ms", ms.toFixed(1));
  map.box.setAttribute("data-points", String(n));
  map.box.setAttribute("data-lit", String(map.lit ? map.lit.size : n));
  map.box.setAttribute("data-pad", String(pad));
}

function fillPoints(ctx, list, r, square, colour) {
  if (!list.length) return;
  ctx.fillStyle = colour;
  ctx.beginPath();
  for (var i = 0; i < list.length; i++) {
    var p = list[i];
    if (square) ctx.rect(p.px - r, p.py - r, 2 * r, 2 * r);
    else {
      ctx.moveTo(p.px + r, p.py);
      ctx.arc(p.px, p.py, r, 0, 2 * Math.PI);
    }
  }
  ctx.fill();
}

function cssVar(name, fallback) {
  var value = getComputedStyle(document.body).getPropertyValue(name).trim();
  return value || fallback;
}

// A theme's name goes in the free place nearest the middle of its points
// (the median, which a few strays do not drag): covering no point and no
// name already drawn, biggest themes first. Places are tried on a grid of
// PLACE_STEP pixels out to PLACE_REACH of the map's longer side, the name on
// one line and then, where that finds no room (a long name on a phone), on
// two. A name with no free place in reach is left out: on a dense map on a
// phone, the smaller themes' names, which the nav and the tooltips still give.
var PLACE_STEP = 6;
var PLACE_REACH = 1 / 3;
var LINE_HEIGHT = 14;

function drawLabels(map, ctx) {
  var groups = new Map();
  map.points.forEach(function (p) {
    if (!groups.has(p.c)) groups.set(p.c, { xs: [], ys: [], lit: false });
    var g = groups.get(p.c);
    g.xs.push(p.px);
    g.ys.push(p.py);
    g.lit = g.lit || isLit(map, p);
  });
  function median(values) {
    values.sort(function (a, b) { return a - b; });
    return values[values.length >> 1];
  }
  var font = getComputedStyle(map.box).fontFamily;
  var placed = [];
  map.labels = [];
  var offsets = placeOffsets(Math.max(map.width, map.height) * PLACE_REACH);
  var fg = cssVar("--md-default-fg-color", "#000");
  var faint = cssVar("--md-default-fg-color--light", "#666");
  ctx.font = "600 12px " + font;
  ctx.textBaseline = "middle";
  ctx.lineJoin = "round";
  ctx.lineWidth = 3;
  ctx.strokeStyle = cssVar("--md-default-bg-color", "#fff");
  var halo = ctx.lineWidth / 2;
  Array.from(groups.entries())
    .sort(function (a, b) { return b[1].xs.length - a[1].xs.length || a[0] - b[0]; })
    .forEach(function (entry) {
      var g = entry[1];
      var label = text(map.themes[entry[0]] ? map.themes[entry[0]].label : "");
      var shapes = labelShapes(ctx, label);
      var cx = median(g.xs);
      var cy = median(g.ys);
      var shape = null;
      var box = null;
      for (var s = 0; s < shapes.length && !box; s++) {
        shape = shapes[s];
        box = labelPlace(map, placed, offsets, cx, cy, shape);
      }
      if (!box) return;
      placed.push(box);
      ctx.fillStyle = g.lit || !map.lit ? fg : faint;
      var ink = [Infinity, Infinity, -Infinity, -Infinity];
      shape.lines.forEach(function (line, i) {
        var x = box[0] + 2;
        var y = (box[1] + box[3]) / 2 + (i - (shape.lines.length - 1) / 2) * LINE_HEIGHT;
        ctx.strokeText(line, x, y);
        ctx.fillText(line, x, y);
        var m = ctx.measureText(line);
        ink = [
          Math.min(ink[0], x - m.actualBoundingBoxLeft - halo),
          Math.min(ink[1], y - m.actualBoundingBoxAscent - halo),
          Math.max(ink[2], x + m.actualBoundingBoxRight + halo),
          Math.max(ink[3], y + m.actualBoundingBoxDescent + halo)
        ];
      });
      map.labels.push({ label: label, ink: ink });
    });
  map.box.setAttribute("data-labels", String(placed.length));
}

// A name on one line, and a name of several words also on two, split where
// the longer line is shortest: each { lines, width }.
function labelShapes(ctx, label) {
  var shapes = [{ lines: [label], width: ctx.measureText(label).width }];
  var words = label.split(" ");
  var best = null;
  for (var k = 1; k < words.length; k++) {
    var lines = [words.slice(0, k).join(" "), words.slice(k).join(" ")];
    var width = Math.max(ctx.measureText(lines[0]).width, ctx.measureText(lines[1]).width);
    if (!best || width < best.width) best = { lines: lines, width: width };
  }
  if (best) shapes.push(best);
  return shapes;
}

// The grid's offsets [dx, dy] within reach of a name's middle, nearest first.
function placeOffsets(reach) {
  var offsets = [];
  var steps = Math.floor(reach / PLACE_STEP);
  for (var i = -steps; i <= steps; i++) {
    for (var j = -steps; j <= steps; j++) {
      if (i * i + j * j <= steps * steps) offsets.push([i * PLACE_STEP, j * PLACE_STEP, i * i + j * j]);
    }
  }
  return offsets.sort(function (a, b) { return a[2] - b[2] || a[1] - b[1] || a[0] - b[0]; });
}

// The box [left, top, right, bottom] of a name of this shape nearest (cx, cy)
// that stays on the map and covers no point and no name placed; null if none is in reach.
function labelPlace(map, placed, offsets, cx, cy, shape) {
  // The ink and halo of 12px text reach 9px from its middle line: 10 keeps a pixel clear.
  var half = (shape.lines.length - 1) * LINE_HEIGHT / 2 + 10;
  var w = shape.width;
  for (var k = 0; k < offsets.length; k++) {
    var x = Math.max(2, Math.min(map.width - w - 2, cx + offsets[k][0] - w / 2));
    var y = Math.max(half, Math.min(map.height - half, cy + offsets[k][1]));
    var box = [x - 2, y - half, x + w + 2, y + half];
    var onName = placed.some(function (o) { return box[0] < o[2] && o[0] < box[2] && box[1] < o[3] && o[1] < box[3]; });
    if (!onName && !touchesPoint(map, box)) return box;
  }
  return null;
}

// Whether a box [left, top, right, bottom] touches a point's dot, from the grid's cells under it.
function touchesPoint(map, box) {
  var g = map.grid;
  var r = map.radius;
  for (var gy = Math.max(0, Math.floor((box[1] - r) / CELL)); gy <= Math.min(g.rows - 1, Math.floor((box[3] + r) / CELL)); gy++) {
    for (var gx = Math.max(0, Math.floor((box[0] - r) / CELL)); gx <= Math.min(g.cols - 1, Math.floor((box[2] + r) / CELL)); gx++) {
      var cell = g.cells[gx + gy * g.cols] || [];
      for (var c = 0; c < cell.length; c++) {
        var p = map.points[cell[c]];
        var dx = Math.max(box[0] - p.px, 0, p.px - box[2]);
        var dy = Math.max(box[1] - p.py, 0, p.py - box[3]);
        if (dx * dx + dy * dy < r * r) return true;
      }
    }
  }
  return false;
}

// A uniform grid of point indices: a hit test looks at 9 cells, not at
// every point.
var CELL = 24;
function buildGrid(points, width, height) {
  var cols = Math.ceil(width / CELL) + 1;
  var rows = Math.ceil(height / CELL) + 1;
  var cells = new Array(cols * rows);
  points.forEach(function (p, i) {
    var k = Math.floor(p.px / CELL) + Math.floor(p.py / CELL) * cols;
    if (!cells[k]) cells[k] = [];
    cells[k].push(i);
  });
  return { cols: cols, rows: rows, cells: cells };
}

// The point nearest to (x, y) within reach, preferring highlighted points.
function hitTest(map, x, y, reach) {
  var g = map.grid;
  var cx = Math.floor(x / CELL);
  var cy = Math.floor(y / CELL);
  var best = -1;
  var bestD = Infinity;
  for (var gy = cy - 1; gy <= cy + 1; gy++) {
    for (var gx = cx - 1; gx <= cx + 1; gx++) {
      if (gx < 0 || gy < 0 || gx >= g.cols || gy >= g.rows) continue;
      var cell = g.cells[gx + gy * g.cols];
      if (!cell) continue;
      for (var i = 0; i < cell.length; i++) {
        var p = map.points[cell[i]];
        var d = Math.hypot(p.px - x, p.py - y) + (isLit(map, p) ? 0 : 6);
        if (d < bestD) {
          bestD = d;
          best = cell[i];
        }
      }
    }
  }
  return bestD <= reach ? best : -1;
}

function drawOverlay(map) {
  var ctx = map.overlay.getContext("2d");
  var dpr = window.devicePixelRatio || 1;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, map.width, map.height);
  var i = map.hover >= 0 ? map.hover : map.selected;
  if (i < 0) {
    map.tip.hidden = true;
    return;
  }
  var p = map.points[i];
  ctx.lineWidth = 2;
  ctx.strokeStyle = cssVar("--md-default-fg-color", "#000");
  ctx.beginPath();
  ctx.arc(p.px, p.py, map.radius + 4, 0, 2 * Math.PI);
  ctx.stroke();
  showTip(map, p);
}

// The points' records, once papers.js has loaded: the first tooltip, tap or
// key on the map asks for them, and the overlay redraws when they come.
function withRecords(map) {
  if (!map.records) {
    map.records = loadPapers().then(function (papers) {
      map.points.forEach(function (p) { p.rec = papers[p.row] || null; });
      drawOverlay(map);
      return map;
    });
    map.records.catch(function () { map.records = null; });
  }
  return map.records;
}

function showTip(map, p) {
  var tip = map.tip;
  tip.textContent = "";
  var theme = map.themes[p.c] ? map.themes[p.c].label : "";
  if (p.rec) tip.append(el("strong", {}, titleNodes(p.rec)), el("span", {}, [text(p.rec.theme) + (p.rec.status ? " · " + text(p.rec.status) : "")]));
  else {
    withRecords(map);
    tip.append(el("span", {}, [text(theme) + " \u2026"]));
  }
  typeset(tip);
  if (map.touch) tip.appendChild(el("em", {}, [msg("js.tap_again")]));
  tip.hidden = false;
  // Keep the tip inside the frame: left of the point near the right edge.
  var right = p.px > map.width * 0.6;
  tip.style.left = right ? "" : p.px + 12 + "px";
  tip.style.right = right ? map.width - p.px + 12 + "px" : "";
  tip.style.top = Math.min(p.py + 12, map.height - 8) + "px";
  tip.classList.toggle("rl-map__tip--above", p.py > map.height * 0.6);
}

function openPoint(map, i, newTab) {
  withRecords(map).then(function () {
    var rec = map.points[i].rec;
    if (!rec) return;
    if (newTab) window.open(pageHref(rec.url), "_blank", "noopener");
    else location.assign(pageHref(rec.url));
  });
}

function bindMapEvents(map) {
  var canvas = map.canvas;
  var pointerType = "mouse";
  function local(event) {
    var rect = canvas.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  }
  function setHover(i) {
    if (i === map.hover) return;
    map.hover = i;
    canvas.style.cursor = i >= 0 ? "pointer" : "";
    drawOverlay(map);
  }
  // A reader reaching for the map will want its titles: fetch them now.
  canvas.addEventListener("pointerenter", function () { withRecords(map); });
  canvas.addEventListener("focus", function () { withRecords(map); });
  canvas.addEventListener("pointerdown", function (event) { pointerType = event.pointerType || "mouse"; });
  canvas.addEventListener("pointermove", function (event) {
    if (event.pointerType !== "mouse" && event.pointerType !== "pen") return;
    map.touch = false;
    var xy = local(event);
    setHover(hitTest(map, xy[0], xy[1], Math.max(8, map.radius + 4)));
  });
  canvas.addEventListener("pointerleave", function () { setHover(-1); });
  // A mouse click opens the point; on touch there is no hover, so the
  // first tap shows the title and a second tap on it opens the paper.
  canvas.addEventListener("click", function (event) {
    var xy = local(event);
    var touch = pointerType === "touch";
    var i = hitTest(map, xy[0], xy[1], touch ? 20 : Math.max(8, map.radius + 4));
    map.touch = touch;
    if (i < 0) {
      map.selected = -1;
      drawOverlay(map);
    } else if (!touch || i === map.selected) {
      openPoint(map, i, event.ctrlKey || event.metaKey);
    } else {
      map.selected = i;
      map.hover = -1;
      drawOverlay(map);
    }
  });
  canvas.addEventListener("keydown", function (event) { mapKey(map, event); });
  canvas.addEventListener("blur", function () {
    map.selected = -1;
    drawOverlay(map);
  });
}

// Arrow keys step through the highlighted points from left to right; Tab
// is never intercepted, so keyboard users move on as from any control.
function mapKey(map, event) {
  var step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (step) {
    if (!map.order) {
      map.order = map.points
        .map(function (_p, i) { return i; })
        .filter(function (i) { return isLit(map, map.points[i]); })
        .sort(function (a, b) { return map.points[a].px - map.points[b].px; });
    }
    if (!map.order.length) return;
    var at = map.order.indexOf(map.selected);
    var next = at < 0 ? (step > 0 ? 0 : map.order.length - 1) : (at + step + map.order.length) % map.order.length;
    map.selected = map.order[next];
    map.hover = -1;
    map.touch = false;
    drawOverlay(map);
    var selected = map.selected;
    withRecords(map).then(function () {
      var rec = map.points[selected].rec;
      if (rec && map.selected === selected) map.live.textContent = text(rec.title) + " — " + text(rec.theme);
    });
    event.preventDefault();
  } else if (event.key === "Enter" && map.selected >= 0) {
    openPoint(map, map.selected, false);
  } else if (event.key === "Escape") {
    map.selected = -1;
    drawOverlay(map);
  }
}

// Repaint the maps when the reader switches Material's colour scheme.
new MutationObserver(function () {
  maps.forEach(function (m) { if (m.box.isConnected) drawMap(m, true); });
}).observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });

export { defaultHighlight, forgetDetachedMaps, initMap, setMapHighlight };
