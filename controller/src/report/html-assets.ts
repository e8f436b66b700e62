// The HTML report's inline stylesheet and script. Inline so the report is one file that needs no
// network; both are allowed by hash in the page's Content-Security-Policy, nothing else is.

export const HTML_STYLE = `
:root { --fg:#1f2328; --muted:#656d76; --line:#d0d7de; --bg:#f6f8fa; --card:#fff;
  --passed:#1a7f37; --failed:#cf222e; --error:#9a3412; --skipped:#6e7781; --flaky:#9a6700; }
* { box-sizing: border-box; }
body { margin:0; font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; color:var(--fg); background:var(--bg); }
header { padding:16px 24px; background:#24292f; color:#fff; }
header h1 { margin:0; font-size:20px; }
header .meta { margin:4px 0 0; color:#d0d7de; font-size:13px; }
main { padding:16px 24px 48px; max-width:1200px; }
.summary { display:flex; flex-wrap:wrap; gap:8px; margin-bottom:16px; }
.card { background:var(--card); border:1px solid var(--line); border-left-width:4px; border-radius:6px;
  padding:8px 14px; min-width:104px; cursor:pointer; font:inherit; text-align:left; color:inherit; }
.card .n { display:block; font-size:22px; font-weight:600; }
.card.passed { border-left-color:var(--passed); } .card.failed { border-left-color:var(--failed); }
.card.error { border-left-color:var(--error); } .card.skipped { border-left-color:var(--skipped); }
.card.flaky { border-left-color:var(--flaky); }
.filters { display:flex; gap:16px; align-items:center; margin:0 0 16px; flex-wrap:wrap; }
.filters select { font:inherit; padding:3px 6px; }
.filters .count { color:var(--muted); }
.service { background:var(--card); border:1px solid var(--line); border-radius:6px; margin-bottom:16px; }
.service > h2 { margin:0; padding:10px 14px; font-size:16px; border-bottom:1px solid var(--line); }
.service > h2 .url, .service > h2 .counts { font-weight:normal; color:var(--muted); font-size:13px; margin-left:8px; }
.module { border-bottom:1px solid var(--line); }
.module:last-of-type { border-bottom:0; }
.module > summary { padding:8px 14px; cursor:pointer; display:flex; gap:10px; align-items:baseline; }
.module > summary .name { font-family:ui-monospace,SFMono-Regular,Menlo,monospace; font-weight:600; }
.module > summary .dur, .module > summary .tag { color:var(--muted); font-size:12px; }
.badge { display:inline-block; min-width:62px; text-align:center; border-radius:10px; padding:0 8px;
  color:#fff; font-size:11px; font-weight:600; text-transform:uppercase; }
.badge.passed { background:var(--passed); } .badge.failed { background:var(--failed); }
.badge.error { background:var(--error); } .badge.skipped { background:var(--skipped); }
.badge.flaky { background:var(--flaky); }
.detail { padding:0 14px 12px 86px; }
.detail h4 { margin:10px 0 4px; font-size:13px; }
.failure { border:1px solid #ffcecb; background:#ffebe9; border-radius:6px; padding:8px 12px; }
.failure .kind { font-weight:600; color:var(--failed); }
.failure table { border-collapse:collapse; margin:6px 0; }
.failure th { text-align:left; padding:2px 10px 2px 0; vertical-align:top; color:var(--muted); font-weight:600; }
.failure .location { font-family:ui-monospace,Menlo,monospace; }
pre { margin:0; white-space:pre-wrap; word-break:break-word; font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace; }
.timeline { margin:0; padding-left:20px; }
.timeline li { margin:2px 0; }
.timeline .method { font-weight:600; font-family:ui-monospace,Menlo,monospace; }
.timeline .url { font-family:ui-monospace,Menlo,monospace; word-break:break-all; }
.timeline .status-ok { color:var(--passed); } .timeline .status-bad { color:var(--failed); }
.timeline .muted, .muted { color:var(--muted); }
.timeline details { margin:2px 0 6px; }
.timeline details > div { background:var(--bg); border:1px solid var(--line); border-radius:4px; padding:6px 8px; }
.endpoints, .uncalled { margin:0; padding-left:20px; font-family:ui-monospace,Menlo,monospace; font-size:12px; }
.trace { margin:0; padding:8px 14px 12px; border-top:1px solid var(--line); }
.trace > summary, .trace h3 { font-size:13px; font-weight:600; cursor:pointer; margin:0; }
.trace table { border-collapse:collapse; margin-top:6px; font-size:12px; width:100%; }
.trace th, .trace td { text-align:left; padding:3px 8px; border-bottom:1px solid var(--line); vertical-align:top; }
.trace th { color:var(--muted); font-weight:600; }
.trace code { font:12px ui-monospace,Menlo,monospace; }
.trace tr.uncalled td { color:var(--failed); }
.empty { color:var(--muted); padding:16px; }
[hidden] { display:none !important; }
`;

export const HTML_SCRIPT = `
(function () {
  var status = document.getElementById("filter-status");
  var service = document.getElementById("filter-service");
  var count = document.getElementById("filter-count");
  var empty = document.getElementById("filter-empty");
  var modules = Array.prototype.slice.call(document.querySelectorAll(".module"));
  var sections = Array.prototype.slice.call(document.querySelectorAll(".service"));
  function apply() {
    var shown = 0;
    modules.forEach(function (m) {
      var visible = (status.value === "all" || m.getAttribute("data-status") === status.value) &&
        (service.value === "" || m.getAttribute("data-service") === service.value);
      m.hidden = !visible;
      if (visible) shown++;
    });
    sections.forEach(function (s) {
      s.hidden = (service.value !== "" && s.getAttribute("data-service") !== service.value) ||
        (status.value !== "all" && !s.querySelector(".module:not([hidden])"));
    });
    count.textContent = "showing " + shown + " of " + modules.length + " modules";
    empty.hidden = shown !== 0;
  }
  status.addEventListener("change", apply);
  service.addEventListener("change", apply);
  Array.prototype.slice.call(document.querySelectorAll(".card[data-filter]")).forEach(function (card) {
    card.addEventListener("click", function () { status.value = card.getAttribute("data-filter"); apply(); });
  });
  apply();
})();
`;
