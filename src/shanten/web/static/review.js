// The game review (牌譜検討) on the page: a pasted or chosen record goes to /api/review as
// the request's body; review_view.js draws the answer (the same drawing as the report file
// of `shanten review --html`). A file named by its Tenhou game id links each decision to
// the same round in Tenhou's viewer.
"use strict";

(() => {
  // a Tenhou game id, as Tenhou names its records (shanten.web.review_data.log_id)
  const LOG_ID = /\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}/;
  const $ = (id) => document.getElementById(id);
  const section = $("review");
  const form = $("review-form");
  const text = $("review-text");
  const file = $("review-file");
  const status = $("review-status");
  const errorBox = $("review-error");
  const out = $("review-out");
  const maxBody = Number(section.dataset.maxBody);

  function showError(message) {
    out.replaceChildren();
    errorBox.textContent = message;
    errorBox.hidden = false;
    status.textContent = "";
    section.dataset.state = "error";
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
    const found = chosen ? LOG_ID.exec(chosen.name) : null;
    data.tenhou = found ? found[0] : null;
    window.shantenReview.render(out, data, { level: 3 });
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
