/**
 * The page's loader (startup-after-paint-plugin.js writes it inline into the head of every page):
 * the host's start-up asked for once the browser reports the first contentful paint.
 */

/**
 * The window property of the loader's "run this once the page has painted" (the remote routes' early
 * start, host/src/federation/early-remote-start.ts, names it too: a test checks they agree).
 */
const afterPaintGlobal = '__hubAfterPaint';

/**
 * The page's loader, run inline in the head as written here (so: self-contained, no syntax newer
 * than the browsers the app supports). `main` is the entry's address, `files` the start-up chunks';
 * `afterPaintKey` the window property where it leaves its "run this once the page has painted".
 */
function startAfterFirstPaint(main, files, doc, win, waitMs, afterPaintKey) {
  var started = false;
  var waiting = [];
  // The remote route's early start (federation/early-remote-start.ts) asks for its remote's files then too.
  win[afterPaintKey] = function (work) {
    if (started) win.setTimeout(work, 0);
    else waiting.push(work);
  };
  var start = function () {
    if (started) return;
    started = true;
    for (var w = 0; w < waiting.length; w++) win.setTimeout(waiting[w], 0);
    waiting = [];
    var script = doc.createElement('script');
    script.src = main;
    doc.head.appendChild(script);
    for (var i = 0; i < files.length; i++) {
      var link = doc.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      // Low, as webpack's own script elements are: an event's cover (the page's largest paint) goes first.
      link.setAttribute('fetchpriority', 'low');
      link.href = files[i];
      doc.head.appendChild(link);
    }
  };
  var Observer = win.PerformanceObserver;
  var types = (Observer && Observer.supportedEntryTypes) || [];
  if (doc.visibilityState === 'hidden' || types.indexOf('paint') < 0) return start();
  try {
    var observer = new Observer(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    return start();
  }
  doc.addEventListener('visibilitychange', function () {
    if (doc.visibilityState === 'hidden') start();
  });
  win.setTimeout(start, waitMs);
}

module.exports = { afterPaintGlobal, startAfterFirstPaint };
