// A reviewed game drawn from its JSON (牌譜検討), on the page (review.js calls render with
// the server's answer) and in the report file (`shanten review --html`, which embeds the
// review as <script type="application/json" id="review-data"> and this script draws it):
// each player's summary and rating, one player to follow, the worst decisions first, and
// the rounds turn by turn. The data is GameReview.to_dict() (with "worst"), or the compact
// form of shanten.web.review_data.compact (the discards as rows under "discard_columns").
"use strict";

(() => {
  const { el, ja, tile, tilesInline } = window.shantenPage;
  const parts = window.shantenReviewParts;
  const { seatName, who, handTiles, marks, oddsText, tenhouLink, shantenChart, decisionTable } = parts;

  /** The discards as objects, each with its place (`index`) and its round's (`round_index`). */
  function decisions(game) {
    const rows = game.discard_rows
      ? game.discard_rows.map((row) => Object.fromEntries(game.discard_columns.map((key, i) => [key, row[i]])))
      : game.discards.map((d) => ({ ...d }));
    let at = -1;
    let current = null;
    rows.forEach((d, index) => {
      d.index = index;
      if (d.round_index === undefined) { // the page's answer names the round: find it onwards
        if (d.round !== current) {
          current = d.round;
          const next = game.rounds.indexOf(d.round, at + 1);
          at = next === -1 ? at : next;
        }
        d.round_index = at;
      }
    });
    return rows;
  }

  const heading = (level, text, jp) => el(`h${Math.min(level, 6)}`, {}, text, jp ? [" ", ja(jp)] : null);
  const number = (value, digits) => (value === null || value === undefined ? "–" : Number(value).toFixed(digits));

  function playersTable(game) {
    const head = [
      ["Player", ""],
      ["Rating", "num"],
      ["Decisions", "num"],
      ["Best ", "num", "最善"],
      ["Tiles lost ", "num", "損失"],
      ["Per decision", "num"],
      ["Under threat", "num"],
    ];
    return el(
      "table",
      { class: "discards review-players" },
      el("caption", { class: "hint" }, "Attack decisions (a choice, under no threat) graded; under threat: decisions and tiles lost, shown apart."),
      el("thead", {}, el("tr", {}, head.map(([text, cls, jp]) => el("th", { scope: "col", class: cls || null }, text, jp ? ja(jp) : null)))),
      el(
        "tbody",
        {},
        game.players.map((p) =>
          el(
            "tr",
            { class: "player-row", "data-seat": p.seat },
            el("th", { scope: "row", class: "name" }, who(game, p.seat)),
            el(
              "td",
              { class: "num rating", "data-basis": p.rating_basis },
              number(p.rating, 1),
              el("span", { class: "basis", text: ` by ${p.rating_basis === "odds" ? "the odds" : "tiles"}` }),
            ),
            el("td", { class: "num", text: String(p.decisions) }),
            el("td", { class: "num", text: `${Math.round(p.optimal_share * 100)}% (${p.optimal})` }),
            el("td", { class: "num", text: String(p.total_loss) }),
            el("td", { class: "num", text: number(p.mean_loss, 2) }),
            el("td", { class: "num threat", text: `${p.threatened} / ${p.threatened_loss}` }),
          ),
        ),
      ),
    );
  }

  /** One of the worst decisions: where, the hand and the draw, the cut against the best,
   * the reason, the odds when judged by them, the link to Tenhou's viewer. */
  function worstItem(game, d) {
    const where = `${game.rounds[d.round_index]}, turn ${d.turn}`;
    const odds = oddsText(d);
    return el(
      "li",
      { class: "worst-item", "data-index": d.index, "data-seat": d.seat },
      el("p", { class: "worst-where" }, el("strong", { text: where }), " · ", who(game, d.seat), " ", tenhouLink(game, d)),
      el(
        "p",
        { class: "worst-hand" },
        handTiles(d),
        d.drawn ? el("span", { class: "drew" }, " drew ", tile(d.drawn)) : el("span", { class: "drew hint", text: " after a call" }),
      ),
      el(
        "p",
        { class: "worst-choice" },
        el("span", { class: "cut" }, "cut ", tile(d.discarded)),
        " ",
        marks(d),
        el("span", { class: "best" }, " best ", tilesInline(d.best)),
        d.best_by_odds ? el("span", { class: "best-odds" }, " by the odds ", tile(d.best_by_odds)) : null,
        el("span", { class: "shanten hint", text: ` · shanten ${d.shanten_before}→${d.shanten_after}, loss ${d.loss} tiles` }),
      ),
      el("p", { class: "reason", text: d.reason }),
      odds ? el("p", { class: "odds", text: odds }) : null,
    );
  }

  function worstList(game, rows, seat) {
    const chosen = seat === "all" ? game.worst.all : game.worst.by_seat[Number(seat)] || [];
    if (!chosen.length) return el("p", { class: "note", id: "review-worst" }, "No graded decision gave anything up.");
    return el("ol", { class: "worst-list", id: "review-worst" }, chosen.map((i) => worstItem(game, rows[i])));
  }

  /**
   * Draw the review `game` into `out`. `options.level` is the level of the section headings
   * (2 in the report file, 3 inside the page's card).
   */
  function render(out, game, options) {
    const level = (options && options.level) || 2;
    const rows = decisions(game);
    const start = game.seat === null || game.seat === undefined ? "all" : String(game.seat);
    const playerPicker = el(
      "select",
      { id: "review-player" },
      el("option", { value: "all" }, "every player"),
      game.names.map((_, seat) => el("option", { value: String(seat) }, seatName(game, seat))),
    );
    playerPicker.value = start;
    const roundPicker = el("select", { id: "review-round" }, game.rounds.map((round, i) => el("option", { value: i }, round)));
    const worstBox = el("div", { class: "worst-box" });
    const roundView = el("div", { id: "review-round-view" });
    const showRound = () => {
      const seat = playerPicker.value;
      const index = Number(roundPicker.value);
      if (!game.rounds.length) {
        roundView.replaceChildren(el("p", { class: "note", text: "The record holds no round." }));
        return;
      }
      const shown = rows.filter((d) => d.round_index === index && (seat === "all" || d.seat === Number(seat)));
      roundView.replaceChildren(
        shantenChart(game, index),
        shown.length ? decisionTable(game, shown) : el("p", { class: "note", text: "No discard in this round." }),
      );
    };
    const show = () => {
      worstBox.replaceChildren(worstList(game, rows, playerPicker.value));
      showRound();
    };
    playerPicker.addEventListener("change", show);
    roundPicker.addEventListener("change", showRound);
    out.replaceChildren(
      el(
        "p",
        { class: "note", id: "review-about" },
        `${game.format}, ${game.rounds.length} rounds, ${rows.length} discards`,
        game.complete ? "" : " (the record stops before the game ends)",
      ),
      el("section", { class: "review-part", "aria-label": "Players" }, heading(level, "Players", "成績"), playersTable(game)),
      el("p", { class: "player-picker" }, el("label", {}, "Follow ", playerPicker)),
      el(
        "section",
        { class: "review-part", "aria-label": "The worst decisions" },
        heading(level, "The worst decisions", "悪手"),
        el("p", { class: "hint" }, "Graded decisions that gave the most up, by the odds where judged by them, else by tile count."),
        worstBox,
      ),
      el(
        "section",
        { class: "review-part", "aria-label": "Turn by turn" },
        heading(level, "Turn by turn", "局"),
        el("p", { class: "round-picker" }, el("label", {}, "Round ", ja("局"), " ", roundPicker)),
        roundView,
      ),
    );
    show();
  }

  window.shantenReview = Object.freeze({ render, decisions });

  // the report file: the review is in the file, drawn once the document is read
  const embedded = document.getElementById("review-data");
  if (embedded) {
    const draw = () => {
      const out = document.getElementById("review-out");
      render(out, JSON.parse(embedded.textContent), { level: Number(out.dataset.level) || 2 });
      document.body.dataset.state = "done";
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", draw);
    else draw();
  }
})();
