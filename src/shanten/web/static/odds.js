// The discard odds (何切る) on the page: under the analysis, a control asks /api/odds for
// the chances of being ready (聴牌) and of winning (和了) within the next draws, adds them
// to the discard table row by row as the server computes them, and draws the win chance
// by draw for the best discards. Once every discard is in, the table's rows go best win
// first (shanten.odds()'s order, as on the command line), the best marked. A long
// computation shows "k of n discards" and can be cancelled (the fetch is aborted; the
// server stops at the next discard). A refusal shows in the card, where the odds would be.
// With "Expected points" on, the game around the hand (the score card's fields: dora,
// winds, north, rules; and the riichi choice) goes with the question, and each discard's
// expected points join the table too; the game is kept for the next hand.
"use strict";

(() => {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const BEST = 4; // discards drawn on the chart
  const COLOURS = ["#17643a", "#1f5fbf", "#b3261e", "#8a5a00"];
  const { el, ja, select, gameFields, gameParams } = window.shantenPage;
  const RIICHI = [
    ["best", "when it pays more"],
    ["always", "always"],
    ["never", "never"],
  ];
  const GAME = ["score", "dora", "seat", "round", "north", "rules", "riichi"]; // the fields kept
  let running = null; // {controller}: the computation on its way, if any
  let kept = {}; // the game's fields as last set, for the next hand's card

  const percent = (p) => `${(p * 100).toFixed(1)}%`;
  const points = (value) => Math.round(value).toLocaleString("en-US");
  const last = (values) => values[values.length - 1];

  /** The server's message (the library's own for a hand or draws it refuses) in the odds
   * card, brought on screen: the Compute button above it is where the eyes are. */
  function showError(card, message) {
    const box = card.querySelector(".odds-error");
    box.textContent = message;
    box.hidden = false;
    box.scrollIntoView({ block: "nearest" });
  }

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
    node.append(...children);
    return node;
  }

  /** What the expected points are, for the column's title. */
  function scoreTitle(draws, riichi) {
    const choice = { best: "declared when it pays more", always: "declared whenever ready and closed", never: "never declared" }[riichi];
    return `Expected points (期待打点): the points won by self-draw within ${draws} draws, averaged over the draws, each draw played to make them as high as they can be; riichi ${choice}. A draw that wins nothing counts 0.`;
  }

  /** A discard table's odds columns, added once (the tenpai and win chances) and the
   * expected points' added or taken away as `riichi` (the game's riichi choice, or null
   * for none) says; the titles say how many draws. */
  function columns(table, draws, riichi) {
    const head = table.querySelector("thead tr");
    const lines = table.querySelectorAll("tr.discard-row");
    if (!table.querySelector("th.odds")) {
      head.append(
        el("th", { class: "num odds tenpai" }, "Tenpai ", ja("聴牌率")),
        el("th", { class: "num odds win" }, "Win ", ja("和了率")),
      );
      table.dataset.tableOrder = [...lines].map((line) => line.dataset.discard).join(" ");
      for (const line of lines) line.append(el("td", { class: "num odds tenpai" }), el("td", { class: "num odds win" }));
    }
    const scored = head.querySelector("th.odds.score");
    if (riichi && !scored) {
      head.append(el("th", { class: "num odds score" }, "Exp. pts ", ja("打点")));
      for (const line of lines) line.append(el("td", { class: "num odds score" }));
    } else if (!riichi && scored) {
      for (const cell of table.querySelectorAll(".odds.score")) cell.remove();
    }
    table.classList.toggle("scored", Boolean(riichi));
    head.querySelector("th.odds.tenpai").title = `within ${draws} draws`;
    head.querySelector("th.odds.win").title = `within ${draws} draws, by self-draw`;
    if (riichi) head.querySelector("th.odds.score").title = scoreTitle(draws, riichi);
    const count = head.children.length;
    for (const level of table.querySelectorAll("tr.level th")) level.colSpan = count;
  }

  /** The table cells of one row's odds, in every view of the discard table. */
  function fillRow(row, draws, riichi) {
    for (const table of document.querySelectorAll("#discards table.discards")) {
      columns(table, draws, riichi);
      const line = table.querySelector(`tr.discard-row[data-discard="${row.discard}"]`);
      if (!line) continue;
      for (const key of ["tenpai", "win", "score"]) {
        const cell = line.querySelector(`td.odds.${key}`);
        if (!cell || !row[key]) continue;
        const value = last(row[key]);
        cell.textContent = key === "score" ? points(value) : percent(value);
        cell.dataset.value = String(value);
      }
    }
  }

  /** The rows in the library's order: win, then tenpai, at the last draw (to 12 decimal
   * places); then as received. */
  function ranked(rows) {
    const last = (values) => Math.round(values[values.length - 1] * 1e12);
    return rows
      .map((row, i) => ({ row, i }))
      .sort((a, b) => last(b.row.win) - last(a.row.win) || last(b.row.tenpai) - last(a.row.tenpai) || a.i - b.i)
      .map(({ row }) => row);
  }

  /** Rows tied with the best (win, then tenpai, at the last draw, to 12 decimal places). */
  function tiedWith(best) {
    const last = (values) => Math.round(values[values.length - 1] * 1e12);
    return (row) => last(row.win) === last(best.win) && last(row.tenpai) === last(best.tenpai);
  }

  /** Put a discard table's rows in the order of `discards`, with a shanten heading (a copy
   * of the table's own) before the first row and wherever the level changes. */
  function arrange(table, discards) {
    const body = table.querySelector("tbody");
    const lines = new Map([...body.querySelectorAll("tr.discard-row")].map((line) => [line.dataset.discard, line]));
    const headings = new Map([...body.querySelectorAll("tr.level")].map((line) => [line.dataset.shanten, line]));
    const out = [];
    let level = null;
    for (const line of [...discards.map((d) => lines.get(d)).filter(Boolean), ...lines.values()]) {
      if (out.includes(line)) continue;
      if (line.dataset.shanten !== level) {
        level = line.dataset.shanten;
        out.push(headings.get(level).cloneNode(true));
      }
      out.push(line);
    }
    body.replaceChildren(...out);
  }

  /** Every discard table back in Tenhou's order, no row marked: odds are on their way. */
  function unrank() {
    for (const table of document.querySelectorAll("#discards table.discards[data-table-order]")) {
      arrange(table, table.dataset.tableOrder.split(" "));
      for (const mark of table.querySelectorAll(".best-mark")) mark.remove();
      for (const line of table.querySelectorAll("tr.best")) line.classList.remove("best");
      table.querySelector("th.odds.win").removeAttribute("aria-sort");
    }
  }

  /** Every discard table in the library's order, best win first, the best rows marked. */
  function rank(rows, draws) {
    const order = ranked(rows);
    const best = order.filter(tiedWith(order[0])).map((row) => row.discard);
    const words = `best discard: the highest win chance within ${draws} draws`;
    for (const table of document.querySelectorAll("#discards table.discards")) {
      arrange(table, order.map((row) => row.discard));
      for (const discard of best) {
        const line = table.querySelector(`tr.discard-row[data-discard="${discard}"]`);
        if (!line) continue;
        line.classList.add("best");
        line.querySelector("td.discard").append(el("span", { class: "best-mark", role: "img", "aria-label": words, title: words }, "best"));
      }
      table.querySelector("th.odds.win").setAttribute("aria-sort", "descending");
    }
  }

  /** The y axis: ticks from 0 at a round step (1, 2, 2.5 or 5 times a power of ten
   * percent), three to five steps, the last at or above `top`; each {value, text}. */
  function yTicks(top) {
    const most = top * 100; // in percent
    const power = Math.floor(Math.log10(most / 5));
    const step = [1, 2, 2.5, 5, 10].map((m) => Number((m * 10 ** power).toPrecision(12))).find((s) => s * 5 >= most * (1 - 1e-12));
    const decimals = (String(step).split(".")[1] || "").length; // as many as the step has
    const count = Math.max(1, Math.ceil(most / step - 1e-9));
    const ticks = [];
    for (let i = 0; i <= count; i += 1) {
      const p = Number((i * step).toPrecision(12));
      ticks.push({ value: Number((p / 100).toPrecision(12)), text: `${p.toFixed(decimals)}%` });
    }
    return ticks;
  }

  /** The chart: the win chance (y) within each number of draws (x) of the best rows,
   * drawn `width` units wide (the room it has, up to 600): one unit a pixel, so that its
   * labels keep their size on a phone. */
  function chart(rows, draws, width) {
    const best = ranked(rows).slice(0, BEST);
    const ticksY = yTicks(Math.max(0.05, ...best.map((row) => row.win[row.win.length - 1])));
    const scale = ticksY[ticksY.length - 1].value;
    // room for the labels: "10.0%" left of the axis, half a label above the top tick and
    // right of the last draw, the draws' numbers under the axis
    const w = Math.round(Math.min(600, Math.max(280, width || 600)));
    const [h, left, right, top, bottom] = [Math.round(Math.min(260, w * 0.6)), 64, 16, 14, 30];
    const x = (k) => left + ((w - left - right) * k) / Math.max(draws, 1);
    const y = (p) => h - bottom - ((h - bottom - top) * p) / scale;
    const grid = [];
    for (const tick of ticksY) {
      grid.push(svg("line", { x1: left, x2: w - right, y1: y(tick.value), y2: y(tick.value), class: "grid" }));
      grid.push(svg("text", { x: left - 8, y: y(tick.value) + 5, "text-anchor": "end", class: "tick-y", "data-value": tick.value }, tick.text));
    }
    const step = Math.max(1, Math.ceil(draws / 8));
    const ticks = [];
    for (let k = 0; k <= draws; k += step) ticks.push(k);
    // the last draw is always marked, in place of a mark too close to it
    if (ticks[ticks.length - 1] !== draws) ticks[draws - ticks[ticks.length - 1] < step / 2 && ticks.length > 1 ? ticks.length - 1 : ticks.length] = draws;
    for (const k of ticks) grid.push(svg("text", { x: x(k), y: h - bottom + 18, "text-anchor": "middle", class: "tick-x" }, String(k)));
    const lines = best.map((row, i) =>
      svg("polyline", {
        points: row.win.map((p, k) => `${x(k).toFixed(1)},${y(p).toFixed(1)}`).join(" "),
        stroke: COLOURS[i],
        "stroke-width": i === 0 ? 3 : 2,
        fill: "none",
        "data-discard": row.discard === null ? "" : row.discard,
        class: "series",
      }),
    );
    const names = best.map((row) => (row.discard === null ? "the hand" : `discard ${row.discard}`));
    const picture = svg(
      "svg",
      {
        viewBox: `0 0 ${w} ${h}`,
        class: "odds-chart",
        role: "img",
        "aria-label": `Win chance by draw, 0 to ${ticksY[ticksY.length - 1].text}: ${names.join(", ")}`,
        "data-y-ticks": ticksY.map((tick) => tick.value).join(" "),
      },
      svg("line", { x1: left, x2: left, y1: top, y2: h - bottom, class: "axis" }),
      svg("line", { x1: left, x2: w - right, y1: h - bottom, y2: h - bottom, class: "axis" }),
      ...grid,
      ...lines,
    );
    const legend = el(
      "ul",
      { class: "legend" },
      best.map((row, i) =>
        el(
          "li",
          { "data-discard": row.discard === null ? "" : row.discard },
          el("span", { class: `swatch swatch-${i}` }),
          `${names[i]}: ${percent(row.win[row.win.length - 1])} within ${draws} draws`,
          row.score ? `, ${points(last(row.score))} points expected` : "",
        ),
      ),
    );
    return el("figure", { id: "odds-chart" }, picture, el("figcaption", {}, "Win chance ", ja("和了率"), " by draws (x)"), legend);
  }

  /** Read the answer's lines as they arrive; `onLine` gets each parsed object. */
  async function readLines(response, onLine) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffered = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        if (line.trim()) onLine(JSON.parse(line));
      }
    }
  }

  async function compute(card, query) {
    if (running) running.controller.abort();
    const controller = new AbortController();
    running = { controller };
    const draws = card.querySelector("#odds-draws").value.trim() || "17";
    const params = new URLSearchParams(query);
    params.set("draws", draws);
    if (card.querySelector("#odds-hand-changes").checked) params.set("hand_changes", "1");
    if (card.querySelector("#odds-shanten-back").checked) params.set("shanten_back", "1");
    const riichi = card.querySelector("#odds-score").checked ? card.querySelector("#odds-riichi").value : null;
    if (riichi) {
      gameParams(card, "odds", params);
      params.set("riichi", riichi);
    }
    const progress = card.querySelector("#odds-progress");
    const bar = card.querySelector("progress");
    const cancel = card.querySelector("#odds-cancel");
    const out = card.querySelector("#odds-out");
    out.replaceChildren();
    card.querySelector(".odds-error").hidden = true;
    unrank();
    card.dataset.state = "running";
    progress.textContent = "Starting…";
    bar.hidden = false;
    bar.removeAttribute("value");
    cancel.hidden = false;
    const rows = [];
    let total = 0;
    let ended = false;
    // a computation replaced by a newer one (or by another hand) no longer draws anything
    const stale = () => !running || running.controller !== controller;
    const finish = (state, text) => {
      running = null;
      card.dataset.state = state;
      progress.textContent = text;
      bar.hidden = true;
      cancel.hidden = true;
    };
    try {
      const response = await fetch(`/api/odds?${params}`, { signal: controller.signal, headers: { Accept: "application/x-ndjson" } });
      if (!response.ok) {
        const data = await response.json();
        if (stale()) return;
        finish("error", "");
        showError(card, data && data.error ? data.error.message : `The server answered ${response.status}.`);
        return;
      }
      await readLines(response, (line) => {
        if (!card.isConnected) controller.abort(); // the analysis it belongs to is gone
        if (stale()) return;
        if (line.total !== undefined) {
          total = line.total;
          bar.max = total;
          bar.value = 0;
        } else if (line.error) {
          ended = true;
          finish("error", "");
          showError(card, line.error.message);
        } else if (line.done) {
          ended = true;
        } else {
          rows.push(line);
          if (line.discard !== null) fillRow(line, Number(draws), riichi);
          bar.value = rows.length;
          progress.textContent = `${rows.length} of ${total} discards`;
          out.replaceChildren(chart(rows, Number(draws), out.clientWidth));
        }
      });
    } catch (error) {
      if (stale()) return;
      if (error.name === "AbortError") finish("cancelled", `Cancelled after ${rows.length} of ${total} discards.`);
      else {
        finish("error", "");
        showError(card, "No answer from the server: is `shanten serve` still running?");
      }
      return;
    }
    if (stale()) return; // ended by an error line
    if (!ended) {
      finish("error", "");
      showError(card, "The server stopped before it had computed every discard.");
      return;
    }
    const hand = rows.length === 1 && rows[0].discard === null;
    if (!hand && rows.length) rank(rows, draws);
    finish("done", hand ? `The hand, within ${draws} draws.` : `${rows.length} of ${total} discards, within ${draws} draws.`);
  }

  /** The card's game fields as they are now, kept for the next hand's card. */
  function keep(card) {
    kept = {};
    for (const name of GAME) {
      const input = card.querySelector(`#odds-${name}`);
      if (input) kept[name] = input.type === "checkbox" ? input.checked : input.value;
    }
  }

  /** Set the card's game fields as they were kept (a wind the game cannot have stays). */
  function restore(card) {
    for (const [name, value] of Object.entries(kept)) {
      const input = card.querySelector(`#odds-${name}`);
      if (!input) continue;
      if (input.type === "checkbox") input.checked = value;
      else if (input.tagName !== "SELECT" || [...input.options].some((o) => o.value === value && !o.disabled)) input.value = value;
    }
    card.querySelector(".odds-game").hidden = !card.querySelector("#odds-score").checked;
  }

  function oddsCard(query, data) {
    const card = el(
      "section",
      { id: "odds", class: "card", "data-state": "idle" },
      el(
        "div",
        { class: "odds-head" },
        el("h2", {}, "Odds ", ja("聴牌率・和了率"), data.discards ? " per discard" : ""),
        el(
          "label",
          { title: "Each discard's expected points too: the points won by self-draw, on average, for the game set below" },
          el("input", { id: "odds-score", type: "checkbox", "aria-controls": "odds-game" }),
          " Expected points ",
          ja("打点"),
        ),
      ),
      el(
        "fieldset",
        { id: "odds-game", class: "odds-game", hidden: true },
        el("legend", {}, "Game ", ja("場況")),
        gameFields("odds", data.players),
        el("label", {}, "Riichi ", ja("立直"), " ", select("odds-riichi", RIICHI, "best")),
      ),
      el(
        "div",
        { class: "odds-controls" },
        el("label", {}, "Draws left ", ja("残りツモ"), " ", el("input", { id: "odds-draws", type: "number", min: 0, value: 17, inputmode: "numeric" })),
        el("label", {}, el("input", { id: "odds-hand-changes", type: "checkbox" }), " Hand changes ", ja("手変わり")),
        el("label", {}, el("input", { id: "odds-shanten-back", type: "checkbox" }), " Shanten back ", ja("向聴戻し")),
        el("button", { type: "button", id: "odds-compute", onclick: () => compute(card, query) }, "Compute odds"),
      ),
      el(
        "div",
        { class: "odds-status" },
        el("span", { id: "odds-progress", role: "status" }),
        el("progress", { hidden: true, "aria-label": "discards computed" }),
        el("button", { type: "button", id: "odds-cancel", hidden: true, onclick: () => running && running.controller.abort() }, "Cancel"),
      ),
      el("pre", { class: "error odds-error", role: "alert", hidden: true }),
      el("div", { id: "odds-out" }),
      el("p", { class: "hint" }, "Self-draws only, each draw played to make the chance shown as high as it can be; the two switches let the player keep a draw that does not advance the hand, or step back a shanten, for one extra tile swap. Both on can take seconds."),
    );
    restore(card);
    const changed = () => {
      card.querySelector(".odds-game").hidden = !card.querySelector("#odds-score").checked;
      keep(card);
    };
    card.addEventListener("change", changed);
    card.addEventListener("input", changed);
    return card;
  }

  document.addEventListener("shanten:analysed", (event) => {
    if (running) running.controller.abort(); // another hand: its odds are not these
    running = null;
    const { query, data } = event.detail;
    if (data.shanten.min < 0) return; // a complete hand has nothing left to draw
    const result = document.getElementById("result");
    const table = result.querySelector("#discards, #ukeire");
    if (table) table.before(oddsCard(query, data)); // above the table its columns join
  });
})();
