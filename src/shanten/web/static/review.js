// The game review (牌譜検討) on the page: a pasted or chosen record goes to /api/review as
// the request's body; the answer shows each player's summary, the rounds, each discard
// of the chosen round against the best one, and the shanten by turn as a chart.
"use strict";

(() => {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const COLOURS = ["#17643a", "#1f5fbf", "#b3261e", "#8a5a00"];
  const { el, ja, tile, tilesInline, parseMpsz } = window.shantenPage;
  const $ = (id) => document.getElementById(id);
  const section = $("review");
  const form = $("review-form");
  const text = $("review-text");
  const file = $("review-file");
  const status = $("review-status");
  const errorBox = $("review-error");
  const out = $("review-out");
  const maxBody = Number(section.dataset.maxBody);

  const seatName = (game, seat) => game.names[seat] || `seat ${seat}`;
  const fixed = (value, digits) => Number(value).toFixed(digits);

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
    node.append(...children);
    return node;
  }

  function showError(message) {
    out.replaceChildren();
    errorBox.textContent = message;
    errorBox.hidden = false;
    status.textContent = "";
    section.dataset.state = "error";
  }

  function playersTable(game) {
    return el(
      "table",
      { class: "discards review-players" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", {}, "Player"),
          el("th", { class: "num" }, "Discards"),
          el("th", { class: "num" }, "Best ", ja("最善")),
          el("th", { class: "num" }, "Tiles lost ", ja("損失")),
          el("th", { class: "num" }, "Per discard"),
        ),
      ),
      el(
        "tbody",
        {},
        game.players.map((p) =>
          el(
            "tr",
            { class: "player-row", "data-seat": p.seat },
            el("td", {}, el("span", { class: `swatch swatch-${p.seat}` }), ` ${p.name || `seat ${p.seat}`}`),
            el("td", { class: "num", text: String(p.decisions) }),
            el("td", { class: "num", text: `${Math.round(p.optimal_share * 100)}% (${p.optimal})` }),
            el("td", { class: "num", text: String(p.total_loss) }),
            el("td", { class: "num", text: fixed(p.mean_loss, 2) }),
          ),
        ),
      ),
    );
  }

  /** The shanten (y, 0 at the bottom... 6 at the top) of each player after each of their
   * discards (x) in round `index`. */
  function shantenChart(game, index) {
    const series = game.players.map((p) => p.shanten_by_round[index] || []);
    const turns = Math.max(1, ...series.map((s) => s.length));
    const top = Math.max(2, ...series.flat());
    const [w, h, left, bottom, pad] = [600, 220, 36, 28, 10];
    const x = (t) => left + ((w - left - pad) * t) / Math.max(turns - 1, 1);
    const y = (s) => h - bottom - ((h - bottom - pad) * (s + 1)) / (top + 1);
    const parts = [];
    for (let s = -1; s <= top; s += 1) {
      parts.push(svg("line", { x1: left, x2: w - pad, y1: y(s), y2: y(s), class: "grid" }));
      parts.push(svg("text", { x: left - 6, y: y(s) + 4, "text-anchor": "end" }, s === -1 ? "win" : String(s)));
    }
    const step = Math.max(1, Math.ceil(turns / 9));
    for (let t = 0; t < turns; t += step) parts.push(svg("text", { x: x(t), y: h - bottom + 16, "text-anchor": "middle" }, String(t + 1)));
    series.forEach((values, seat) => {
      if (!values.length) return;
      parts.push(
        svg("polyline", {
          points: values.map((s, t) => `${x(t).toFixed(1)},${y(s).toFixed(1)}`).join(" "),
          stroke: COLOURS[seat % COLOURS.length],
          "stroke-width": 2,
          fill: "none",
          class: "series",
          "data-seat": seat,
          "data-values": values.join(" "),
        }),
      );
    });
    return el(
      "figure",
      { id: "review-chart" },
      svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "shanten-chart", role: "img", "aria-label": `Shanten by turn, ${game.rounds[index]}` }, ...parts),
      el("figcaption", {}, "Shanten ", ja("向聴数"), " after each discard, by turn"),
    );
  }

  function discardRows(game, index) {
    const round = game.rounds[index];
    const rows = game.discards.filter((d) => d.round === round);
    return el(
      "table",
      { class: "discards review-discards" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", {}, "Player"),
          el("th", { class: "num" }, "Turn"),
          el("th", {}, "Hand ", ja("手牌")),
          el("th", {}, "Discard ", ja("打")),
          el("th", {}, "Best ", ja("最善")),
          el("th", { class: "num" }, "Loss"),
          el("th", { class: "num" }, "Shanten"),
        ),
      ),
      el(
        "tbody",
        {},
        rows.map((d) =>
          el(
            "tr",
            {
              class: `review-row${d.optimal ? "" : " lost"}`,
              "data-seat": d.seat,
              "data-turn": d.turn,
              "data-discard": d.discarded,
              "data-loss": d.loss,
            },
            el("td", { class: "seat" }, el("span", { class: `swatch swatch-${d.seat}` }), ` ${seatName(game, d.seat)}`),
            el("td", { class: "num turn", text: String(d.turn) }),
            el("td", { class: "hand" }, tilesInline(parseMpsz(d.hand) || [])),
            el(
              "td",
              { class: "discard" },
              tile(d.discarded),
              d.forced ? el("span", { class: "hint", text: " forced" }) : null,
              d.riichi ? el("span", { class: "hint", text: " riichi" }) : null,
            ),
            el("td", { class: "best" }, tilesInline(d.best)),
            el("td", { class: "num loss", text: String(d.loss) }),
            el("td", { class: "num shanten", text: `${d.shanten_before}→${d.shanten_after}` }),
          ),
        ),
      ),
    );
  }

  function render(game) {
    const picker = el(
      "select",
      { id: "review-round" },
      game.rounds.map((round, i) => el("option", { value: i }, round)),
    );
    const roundView = el("div", { id: "review-round-view" });
    const showRound = () => {
      const index = Number(picker.value);
      roundView.replaceChildren(shantenChart(game, index), discardRows(game, index));
    };
    picker.addEventListener("change", showRound);
    out.replaceChildren(
      el(
        "p",
        { class: "note", id: "review-about" },
        `${game.format}, ${game.rounds.length} rounds, ${game.discards.length} discards`,
        game.complete ? "" : " (the record stops before the game ends)",
      ),
      playersTable(game),
      el("label", { class: "round-picker" }, "Round ", ja("局"), " ", picker),
      roundView,
    );
    showRound();
  }

  async function send(event) {
    event.preventDefault();
    errorBox.hidden = true;
    const chosen = file.files && file.files[0];
    const size = chosen ? chosen.size : new TextEncoder().encode(text.value).byteLength;
    if (!size) {
      showError("No record: paste a game record or choose its file.");
      return;
    }
    if (size > maxBody) { // refused here: the server would not read it
      showError(`The record is ${size.toLocaleString("en")} bytes long: at most ${maxBody.toLocaleString("en")} bytes (5 MB) are read.`);
      return;
    }
    const body = chosen ? await chosen.arrayBuffer() : text.value;
    section.dataset.state = "loading";
    status.textContent = "Reviewing…";
    let response;
    let data;
    try {
      response = await fetch("/api/review", { method: "POST", body, headers: { "Content-Type": "application/octet-stream", Accept: "application/json" } });
      data = await response.json();
    } catch {
      showError("No answer from the server: is `shanten serve` still running?");
      return;
    }
    if (!response.ok) {
      showError(data && data.error ? data.error.message : `The server answered ${response.status}.`);
      return;
    }
    status.textContent = "";
    render(data);
    section.dataset.state = "done";
  }

  form.addEventListener("submit", send);
  // a new file replaces the pasted text, so that what is sent is clear
  file.addEventListener("change", () => {
    if (file.files && file.files.length) text.value = "";
  });
  text.addEventListener("input", () => {
    if (text.value) file.value = "";
  });
})();
