// The analysis on the page: draws /api/analyse's answer in #result: the hand and its
// shanten (向聴数), the complete hand's readings, the discards (打牌候補) or the effective
// tiles (有効牌) and the waits (待ち). app.js asks the server and calls render.
"use strict";

(() => {
  const { el, ja, label, tile, tileButton, tilesInline, parseMpsz, formatMpsz, levelText } = window.shantenPage;
  const FORMS = {
    standard: "four sets and a pair 一般形",
    chiitoitsu: "seven pairs 七対子",
    kokushi: "thirteen orphans 国士無双",
  };
  const SHAPES = {
    tanki: "tanki 単騎",
    shanpon: "shanpon 双碰",
    kanchan: "kanchan 嵌張",
    penchan: "penchan 辺張",
    ryanmen: "ryanmen 両面",
    kokushi: "thirteen orphans 国士単騎",
    kokushi13: "thirteen-sided 国士十三面",
  };
  const result = document.getElementById("result");
  let shown = null; // the analysis being drawn: {query, hand, melds}, fives typed as 0 kept red
  let actions = null; // what a click on its tiles does: {discard(name), draw(name)}

  const discardThenAnalyse = (name) => actions.discard(name);
  const drawThenAnalyse = (name) => actions.draw(name);

  function card(id, title, ...children) {
    return el("section", { id, class: "card" }, el("h2", {}, title), children);
  }

  function summary(data) {
    const s = data.shanten;
    const discarding = Boolean(data.discards); // a 3n+2 hand: one tile is to go
    const handView = el(
      "div",
      { class: "hand-view" },
      shown.hand.map((name) => (discarding ? tileButton(name, `discard ${label(name)} (打)`, () => discardThenAnalyse(name)) : tile(name))),
      data.melds.map((meld, i) => el("span", { class: "meld", title: `meld ${meld}` }, shown.melds[i].map(tile))),
    );
    const score = (key) => [FORMS[key], " ", el("b", { text: s[key] === null ? "–" : String(s[key]) })];
    const witness = data.witness;
    const rules = [];
    if (data.players === 3) rules.push("3-player 三人麻雀");
    if (data.count_melded_copies) rules.push("copies in melds count");
    if (data.visible) rules.push(`visible ${data.visible}`);
    return card(
      "summary",
      ["Hand ", ja("手牌"), ` · ${formatMpsz(shown.hand)} · ${data.tiles} tiles`, rules.length ? ` · ${rules.join(" · ")}` : ""],
      handView,
      el(
        "div",
        { class: "summary" },
        el("span", { class: `big${s.min <= 0 ? " ready" : ""}`, id: "shanten-min", "data-shanten": s.min }, levelText(s.min)),
        el("span", { class: "forms" }, score("standard"), " · ", score("chiitoitsu"), " · ", score("kokushi")),
      ),
      el(
        "div",
        { class: "witness", id: "witness" },
        el("span", {}, "Witness ", ja("完成形の例"), `, ${FORMS[witness.form]}:`),
        tilesInline(parseMpsz(witness.hand)),
        witness.needed.length
          ? el("span", {}, "needs ", tilesInline(witness.needed, "needed"), ` ${witness.needed.join(" ")}`)
          : el("span", { text: "(the hand itself)" }),
      ),
      discarding ? el("p", { class: "hint", text: "Click a tile of the hand to discard it (打)." }) : null,
    );
  }

  function tabs(id, views) {
    const bar = el("div", { class: "tabs", role: "tablist" });
    const panels = views.map((view, i) =>
      el("div", { class: "tab-panel", role: "tabpanel", id: `${id}-${view.key}`, "data-view": view.key, hidden: i > 0 }, view.content),
    );
    views.forEach((view, i) => {
      bar.append(
        el(
          "button",
          {
            type: "button",
            role: "tab",
            "data-view": view.key,
            "aria-selected": i === 0 ? "true" : "false",
            "aria-controls": `${id}-${view.key}`,
            onclick: (event) => {
              for (const button of bar.children) button.setAttribute("aria-selected", String(button === event.currentTarget));
              panels.forEach((panel) => {
                panel.hidden = panel.dataset.view !== view.key;
              });
            },
          },
          view.label,
        ),
      );
    });
    return el("div", { class: "tabbed", id }, bar, panels);
  }

  const VIEWS = [
    ["all", ["All forms ", ja("標準形")]],
    ["standard", ["Four sets and a pair only ", ja("一般形")]],
  ];

  function counted(names, counts, onclick) {
    return el(
      "div",
      { class: "effective-list" },
      names.map((name, i) =>
        el(
          "span",
          { class: "counted", "data-tile": name, title: `${name}: ${counts[i]} unseen` },
          onclick ? tileButton(name, `draw ${name} (摸)`, () => onclick(name)) : tile(name),
          el("span", { class: `count${counts[i] ? "" : " none"}`, text: String(counts[i]) }),
        ),
      ),
    );
  }

  function discardTable(rows, view) {
    const body = el("tbody");
    let level = null;
    for (const row of rows) {
      if (row.shanten !== level) {
        level = row.shanten;
        body.append(el("tr", { class: "level", "data-shanten": level }, el("th", { colspan: 4 }, level === 0 ? ["ready ", ja("聴牌")] : levelText(level))));
      }
      const good = row.good_shape;
      body.append(
        el(
          "tr",
          {
            class: "discard-row",
            "data-discard": row.discard,
            "data-shanten": row.shanten,
            "data-total": row.total,
            "data-tiles": row.tiles.join(" "),
          },
          el(
            "td",
            { class: "discard" },
            tileButton(row.discard, `discard ${row.discard} (打)`, () => discardThenAnalyse(row.discard)),
            el("span", { class: "name", text: row.discard }),
          ),
          el("td", { class: "effective" }, counted(row.tiles, row.counts)),
          el("td", { class: "num total", text: String(row.total) }),
          el(
            "td",
            { class: "good" },
            good && good.total ? [`${Math.round(good.share * 100)}% `, el("span", { class: "hint", text: `(${good.good}/${good.total})` })] : "",
          ),
        ),
      );
    }
    return el(
      "table",
      { class: "discards", "data-view": view },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", {}, "Discard ", ja("打")),
          el("th", {}, "Effective tiles ", ja("有効牌"), " (unseen copies)"),
          el("th", { class: "num" }, "Tiles ", ja("枚")),
          el("th", { title: "for 1-shanten options: the share of effective draws that leave a two-sided-or-better ready hand" }, "Good shape ", ja("良形")),
        ),
      ),
      body,
    );
  }

  function ukeireView(u) {
    if (!u.tiles.length) return el("p", { class: "note", text: "No tile lowers the shanten number." });
    return el(
      "div",
      { class: "ukeire" },
      counted(u.tiles, u.counts, drawThenAnalyse),
      el("p", { class: "note" }, `${u.total} tiles (`, ja("枚"), `) of ${u.tiles.length} kinds lower the shanten number. Click one to draw it (摸).`),
    );
  }

  function sameNote(same) {
    return same ? el("p", { class: "note", text: "The same as with all forms." }) : null;
  }

  /** Draw `data` (the server's answer) for `view` (the hand and melds as the user typed
   * them); `on` says what a click on a tile does: {discard(name), draw(name)}. */
  function render(data, view, on) {
    shown = view;
    actions = on;
    const parts = [summary(data)];
    if (data.discards) {
      if (data.decompositions.length) {
        parts.push(
          card(
            "decompositions",
            ["Complete hand ", ja("和了形"), ": its readings"],
            data.decompositions.map((d) =>
              el(
                "div",
                { class: "decomposition", "data-text": d.text },
                el("span", { class: "hint", text: FORMS[d.form] }),
                d.blocks.map((b) => el("span", { class: "block", title: b }, parseMpsz(b).map(tile))),
              ),
            ),
          ),
        );
      }
      const same = JSON.stringify(data.discards.all) === JSON.stringify(data.discards.standard);
      parts.push(
        card(
          "discards",
          ["Discards ", ja("打牌候補")],
          tabs(
            "discard-views",
            VIEWS.map(([key, label]) => ({
              key,
              label,
              content: [key === "standard" ? sameNote(same) : null, discardTable(data.discards[key], key)],
            })),
          ),
        ),
      );
    } else {
      const same = JSON.stringify(data.ukeire.all) === JSON.stringify(data.ukeire.standard);
      parts.push(
        card(
          "ukeire",
          ["Effective tiles ", ja("有効牌"), " (", ja("受け入れ"), ")"],
          tabs(
            "ukeire-views",
            VIEWS.map(([key, label]) => ({
              key,
              label,
              content: [key === "standard" ? sameNote(same) : null, ukeireView(data.ukeire[key])],
            })),
          ),
        ),
      );
      if (data.waits.length) {
        parts.push(
          card(
            "waits",
            ["Waits ", ja("待ち")],
            el(
              "table",
              { class: "discards waits" },
              el("thead", {}, el("tr", {}, el("th", {}, "Wait ", ja("待ち")), el("th", { class: "num" }, "Left ", ja("残り")), el("th", {}, "Readings ", ja("和了形")))),
              el(
                "tbody",
                {},
                data.waits.map((w) =>
                  el(
                    "tr",
                    { class: "wait-row", "data-tile": w.tile },
                    el("td", { class: "discard" }, tile(w.tile), el("span", { class: "name", text: w.tile })),
                    el("td", { class: "num", text: String(w.unseen) }),
                    el(
                      "td",
                      { class: "readings" },
                      w.readings.map((r) => el("div", { class: "reading" }, `${SHAPES[r.shape] || r.shape} ${r.block}: ${r.decomposition}`)),
                    ),
                  ),
                ),
              ),
            ),
          ),
        );
      }
    }
    result.replaceChildren(...parts);
    result.dataset.hand = formatMpsz(shown.hand);
    result.hidden = false;
  }

  window.shantenAnalysis = Object.freeze({ render });
})();
