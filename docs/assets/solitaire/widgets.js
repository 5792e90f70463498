// The replay, try-it and analysis widgets: the page side. The engine itself runs in worker.mjs (Pyodide),
// one worker per page for all its widgets, started when the first widget nears the viewport.
//
// Each widget arrives rendered by the site build (the same Python renderer the worker runs), so the
// page reads without JavaScript; this script only sends the reader's actions to the engine and puts
// the frames it answers with into the page. Messages are always set as text, never as markup; the
// boards come from the engine's renderer, which escapes everything.
//
// What a reader does before the engine is ready is kept, not lost: requests wait for the widget's
// session to open and are then sent in order (a click on Next, a key, a move, a disputed move).
// The shared base also gives every kind dragging a card onto a column (pointer events: mouse, pen
// and touch; the same move as picking the card, then the column) and folding the board away.
// The boards' descriptions are shown or hidden for the whole site at once (a remembered choice;
// hooks/widgets.py applies it before the first paint).
//
// DOM contract (DESIGN.md §5): [data-widget="replay"|"try"|"analysis"] with data-state="loading|ready|error";
// [data-action=first|prev|next|last|play|deal|undo|reset|attempt|board|description];
// [data-role=description|message|score|counter|caption|attempt-result|board-link]; cards [data-card="4H"]
// (data-moved on the cards the last move carried), columns [data-column="7"]. The analysis board's
// own parts: DESIGN.md §5.1.

const PLAY_INTERVAL_MS = 1000;
const NEAR_VIEWPORT = "400px";
const DRAG_START_PX = 8; // how far a pressed card must travel before it is dragged, not tapped
const DOUBLE_TAP_MS = 350; // two taps on one card within this are a double tap
const DESCRIPTIONS_KEY = "solitaire-descriptions"; // hooks/widgets.py reads it before the first paint
const SETTLE_MS = 250; // a replay's live parts wait for stepping to settle: quick steps are announced once

const runtimeMeta = document.querySelector('meta[name="solitaire-runtime"]');
const runtime = runtimeMeta ? JSON.parse(runtimeMeta.content) : {};
const resolve = (url) => new URL(url, document.baseURI).href;

// ---- the engine: one worker for the page ---------------------------------------------------------

const engine = {
  worker: null,
  state: "idle", // idle | loading | ready | failed
  error: "",
  calls: new Map(),
  partials: new Map(), // task id -> what to do with each slice's answer
  nextId: 1,
  listeners: new Set(),

  start() {
    if (this.worker) return;
    this.state = "loading";
    this.emit({ type: "progress", step: 0, steps: 3 });
    try {
      this.worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
    } catch (error) {
      this.fail(String(error));
      return;
    }
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(event.message || "the worker did not start");
    };
    if (!runtime.index || !runtime.wheel) {
      this.fail("the page does not say where the runtime is");
      return;
    }
    const snapshot = runtime.snapshot ? { ...runtime.snapshot, url: resolve(runtime.snapshot.url) } : null;
    this.worker.postMessage({ type: "init", indexURL: resolve(runtime.index), wheelURL: resolve(runtime.wheel), snapshot });
  },

  receive(data) {
    if (data.type === "result") {
      const pending = this.calls.get(data.id);
      this.calls.delete(data.id);
      this.partials.delete(data.id);
      if (pending) pending(JSON.parse(data.answer));
      return;
    }
    if (data.type === "partial") {
      const partial = this.partials.get(data.id);
      if (partial) partial(JSON.parse(data.answer));
      return;
    }
    if (data.type === "ready") this.state = "ready";
    if (data.type === "failed") {
      this.fail(data.error);
      return;
    }
    this.emit(data);
  },

  fail(error) {
    if (this.state === "failed") return;
    this.state = "failed";
    this.error = String(error).slice(0, 300);
    for (const [, pending] of this.calls) pending({ ok: false, error: this.error });
    this.calls.clear();
    this.emit({ type: "failed", error: this.error });
  },

  emit(event) {
    for (const listener of this.listeners) listener(event);
  },

  // request's answer (a promise).
  call(request) {
    if (this.state === "failed") return Promise.resolve({ ok: false, error: this.error });
    this.start();
    const id = this.nextId++;
    return new Promise((done) => {
      this.calls.set(id, done);
      this.worker.postMessage({ type: "call", id, request: JSON.stringify(request) });
    });
  },

  // A long request the worker runs in slices (worker.mjs): request, then next while the answer says
  // busy (each answer to onPartial), stop when cancelled. Returns {id, done}; cancel(id) stops it.
  task(request, next, stop, onPartial) {
    const id = this.nextId++;
    if (this.state === "failed") return { id, done: Promise.resolve({ ok: false, error: this.error }) };
    this.start();
    const done = new Promise((finish) => {
      this.calls.set(id, finish);
      this.partials.set(id, onPartial);
      this.worker.postMessage({ type: "task", id, request: JSON.stringify(request), next: JSON.stringify(next),
                                stop: JSON.stringify(stop) });
    });
    return { id, done };
  },

  cancel(id) {
    if (this.worker) this.worker.postMessage({ type: "cancel", id });
  },
};

// ---- one widget ------------------------------------------------------------------------------------

function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

// A selector that finds the same control in the next board (cards keep their identity as they move).
function keyOf(el) {
  if (el.dataset.card) return `button[data-card="${el.dataset.card}"]`;
  if (el.dataset.target) return `button[data-target="${el.dataset.target}"]`;
  if (el.dataset.action) return `button[data-action="${el.dataset.action}"]`;
  return null;
}

// An element's attributes set to another's.
function syncAttributes(old, fresh) {
  for (const a of [...old.attributes]) if (!fresh.hasAttribute(a.name)) old.removeAttribute(a.name);
  for (const a of fresh.attributes) if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
}

// What makes an element the same thing in two renderings: its tag and the data attribute that names
// it (a card, a target, an action, a column, a place in a list). Two elements that differ in these
// are different things, and one is never rewritten into the other (focus stays with its meaning).
const IDENTITY = ["card", "target", "action", "column", "index", "step", "role", "place"];
function sameThing(a, b) {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  if (a.nodeType !== Node.ELEMENT_NODE) return true;
  return IDENTITY.every((key) => a.dataset[key] === b.dataset[key]);
}

// An element brought up to date with a fresh copy of itself, in place: its attributes set to the
// fresh copy's, its children patched the same way one by one (those beyond the shorter list removed
// or added), a child that is another thing (sameThing) replaced whole. Only what changed is
// touched: no subtree is rebuilt for a changed label, and what did not change keeps its focus.
function patch(old, fresh) {
  if (!sameThing(old, fresh)) {
    old.replaceWith(fresh);
    return fresh;
  }
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return old;
  }
  syncAttributes(old, fresh);
  const before = [...old.childNodes];
  const after = [...fresh.childNodes];
  after.forEach((child, i) => {
    if (i >= before.length) old.append(child);
    else if (!before[i].isEqualNode(child)) patch(before[i], child);
  });
  for (const extra of before.slice(after.length)) extra.remove();
  return old;
}

// A card's place in a column (an <li> holding the card's button) is keyed by the card it holds;
// a face-down card's place has no key.
function cardKey(node) {
  return node.nodeType === Node.ELEMENT_NODE && node.tagName === "LI" ? node.firstElementChild?.dataset.card : undefined;
}

// A node moved within the page keeping its state (focus above all) where the browser can
// (Element.moveBefore); elsewhere it is a plain insert, and the focus is found again afterwards.
function moveNode(parent, node, before) {
  if (parent.moveBefore && node.isConnected && parent.isConnected) parent.moveBefore(node, before);
  else parent.insertBefore(node, before);
}

// A column's list of cards brought up to date: a card that is already on the board is the same node,
// moved here if it came from another column (the cards a move carried keep their focus), then
// patched; face-down cards are patched in place. Keyed nodes this list no longer holds stay where they
// are for now: another column may claim them (patchBoard removes the ones nobody claimed).
function patchCards(list, fresh, pool) {
  let at = list.firstChild;
  for (const child of [...fresh.childNodes]) {
    const key = cardKey(child);
    const claimed = key && pool.get(key);
    if (claimed) {
      pool.delete(key);
      if (claimed === at) at = at.nextSibling;
      else moveNode(list, claimed, at);
      if (!claimed.isEqualNode(child)) patch(claimed, child);
    } else if (at && !cardKey(at)) {
      const next = at.nextSibling;
      if (!at.isEqualNode(child)) patch(at, child);
      at = next;
    } else {
      list.insertBefore(child, at);
    }
  }
  while (at) {
    const next = at.nextSibling;
    if (!cardKey(at)) at.remove();
    at = next;
  }
}

// A board's markup parsed, as a fresh copy the page may take nodes from. The last BOARDS_KEPT boards
// stay parsed: a board shown again (an undo, a step back in the move list) is copied, not parsed.
const BOARDS_KEPT = 8;
const boardsParsed = new Map(); // markup -> its template, the one used last at the end
function parsedBoard(html) {
  let template = boardsParsed.get(html);
  if (template) boardsParsed.delete(html);
  else {
    template = document.createElement("template");
    template.innerHTML = html;
    if (boardsParsed.size >= BOARDS_KEPT) boardsParsed.delete(boardsParsed.keys().next().value);
  }
  boardsParsed.set(html, template);
  return template.content.cloneNode(true).firstElementChild;
}

// A board's markup cut where the renderer puts its columns (engine/render.py, _column): the shell (the
// board, its top row and the list of columns, empty) and each column's own markup, in order. Null
// when the markup is not so cut (then the board is parsed whole).
const COLUMN_START = '<li class="sol-column"';
const BOARD_END = "</ol></div>";
function boardPieces(html) {
  const first = html.indexOf(COLUMN_START);
  if (first < 0 || !html.endsWith(BOARD_END)) return null;
  const columns = html.slice(first, -BOARD_END.length).split(COLUMN_START).slice(1).map((c) => COLUMN_START + c);
  return { shell: html.slice(0, first) + BOARD_END, columns };
}

function parsed(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content.firstElementChild;
}

// The new board into the page: only what changed is touched. The columns first: a card that moved
// between columns is moved (not destroyed and drawn again), so a move touches the few cards it
// carried and a focused card keeps its focus; then the reserve / stock row, part by part; last, the
// cards no column holds any more are removed. `previous`: the markup the board holds now; only the
// columns whose markup changed are parsed (a move changes two or three).
function patchBoard(board, html, previous) {
  const columns = (el) => [...el.querySelectorAll(".sol-columns > [data-column]")];
  const now = boardPieces(html);
  const then = previous && boardPieces(previous);
  const before = columns(board);
  let shell = null;
  let whole = null; // the board parsed whole, when it was
  let changed = null; // index -> the fresh column
  if (now && then && now.columns.length === then.columns.length && before.length === now.columns.length) {
    shell = now.shell === then.shell ? board : parsed(now.shell);
    changed = new Map();
    now.columns.forEach((markup, i) => {
      if (markup !== then.columns[i]) changed.set(i, parsed(markup));
    });
  } else {
    whole = parsedBoard(html);
    const after = columns(whole);
    shell = whole;
    changed = new Map(after.map((column, i) => [i, column]));
    if (after.length !== before.length) {
      board.replaceWith(whole);
      return;
    }
  }
  const topBefore = board.querySelector(".sol-top");
  const topAfter = shell.querySelector(".sol-top");
  if (board.className !== shell.className || !topBefore || !topAfter) {
    board.replaceWith(whole || parsedBoard(html));
    return;
  }
  const pool = new Map();
  for (const i of changed.keys()) {
    for (const li of before[i].querySelector("ol.sol-cards")?.children || []) {
      const key = cardKey(li);
      if (key) pool.set(key, li);
    }
  }
  for (const [i, now] of changed) {
    const old = before[i];
    if (old.isEqualNode(now)) {
      for (const li of old.querySelector("ol.sol-cards")?.children || []) pool.delete(cardKey(li));
      continue;
    }
    const [oldLabel, oldList] = old.children;
    const [newLabel, newList] = now.children;
    if (old.children.length !== 2 || now.children.length !== 2 || oldList.tagName !== "OL" || newList.tagName !== "OL") {
      patch(old, now);
      continue;
    }
    syncAttributes(old, now);
    if (!oldLabel.isEqualNode(newLabel)) patch(oldLabel, newLabel);
    syncAttributes(oldList, newList);
    patchCards(oldList, newList, pool);
  }
  if (shell !== board) {
    if (!topBefore.isEqualNode(topAfter)) patch(topBefore, topAfter);
    syncAttributes(board, shell);
    const list = board.querySelector(".sol-columns");
    const freshList = shell.querySelector(".sol-columns");
    if (list && freshList) syncAttributes(list, freshList);
  }
  for (const node of pool.values()) node.remove();
}

// The shared base: the engine's life cycle, the request queue (kept while the engine starts), the
// parts every frame updates, the board's keyboard focus, dragging cards, folding the board away.
// Each kind of widget is a subclass (one per class of engine/web.py).
class Widget {
  constructor(root) {
    this.root = root;
    this.id = root.id;
    this.config = JSON.parse(root.dataset.config);
    this.texts = JSON.parse(root.dataset.texts || "{}");
    this.opened = false;
    // Every request waits for the session to open: what the reader does while the engine starts
    // is played, in order, once it is ready.
    this.whenOpen = new Promise((resolve) => {
      this.resolveOpen = resolve;
    });
    this.queue = this.whenOpen;
    this.frame = null;
    this.lastBoard = null;
    this.liveDelay = 0; // ms the live parts of a frame wait for the next frame (a replay's: SETTLE_MS)
    this.liveTimer = null;
    this.drag = null;
    this.suppressClick = false;
    this.pointerType = "";
    root.addEventListener("click", (event) => this.onClick(event));
    root.addEventListener("keydown", (event) => this.onKey(event));
    root.addEventListener("change", (event) => this.onChange(event));
    root.addEventListener("pointerdown", (event) => this.onPointerDown(event));
    root.addEventListener("pointermove", (event) => this.onPointerMove(event));
    root.addEventListener("pointerup", (event) => this.onPointerUp(event));
    root.addEventListener("pointercancel", () => this.endDrag());
    engine.listeners.add((event) => this.onEngine(event));
  }

  q(selector) {
    return this.root.querySelector(selector);
  }

  get ready() {
    return this.root.dataset.state === "ready";
  }

  // -- engine life cycle --
  onEngine(event) {
    const progress = this.q('[data-role="progress"]');
    const status = this.q('[data-role="status"]');
    if (event.type === "progress" && this.root.dataset.state === "loading") {
      progress.hidden = false;
      progress.querySelector("progress").value = event.step;
      progress.querySelector("progress").max = event.steps;
      status.textContent = format(this.texts.loading || "", { step: event.step, steps: event.steps });
    } else if (event.type === "ready") {
      this.open();
    } else if (event.type === "failed") {
      this.fail(event.error);
    }
  }

  // The engine could not start, or would not open this widget: the built board stays, with the reason.
  fail(error) {
    this.root.dataset.state = "error";
    this.q('[data-role="progress"]').hidden = true;
    this.setMessage(format(this.texts.failed || "{error}", { error }), false);
    this.resolveOpen(false);
  }

  open() {
    if (this.opened) return;
    this.opened = true;
    engine.call({ op: "open", id: this.id, config: this.config }).then((answer) => {
      if (!answer.ok) {
        this.fail(answer.error);
        return;
      }
      this.apply(answer.frame, true);
      this.q('[data-role="progress"]').hidden = true;
      this.root.dataset.state = "ready";
      this.onReady();
      this.resolveOpen(true);
    });
  }

  // What a kind does once its session is open (before the requests that waited for it).
  onReady() {}

  // Requests are sent one after the other, each with the answer to the last applied; before the
  // session is open they wait for it (and a click far from the viewport starts the engine).
  send(request) {
    request.id = this.id;
    if (!this.ready && engine.state === "idle") engine.start();
    this.waiting = (this.waiting || 0) + 1; // requests sent and not answered yet
    const result = this.queue.then((opened) => {
      if (opened === false || this.root.dataset.state === "error") {
        this.waiting -= 1;
        return false;
      }
      return engine.call(request).then((answer) => {
        this.waiting -= 1;
        this.answered();
        if (!answer.ok) {
          this.setMessage(answer.error, false);
          return false;
        }
        this.apply(answer.frame, false);
        return true;
      });
    });
    this.queue = result.catch(() => {}).then(() => true);
    return result;
  }

  // What a kind does with any answer, good or bad, before it is applied.
  answered() {}

  // -- frames --
  apply(frame, first) {
    this.frame = frame;
    const board = this.q('[data-role="board"]');
    if (board && frame.board !== this.lastBoard) {
      const focused = this.focusKey();
      patchBoard(board, frame.board, this.lastBoard);
      this.lastBoard = frame.board;
      this.keepOneTabStop();
      if (focused && !this.root.contains(document.activeElement)) this.restoreFocus(focused);
      this.boardChanged(first);
    }
    this.markMoved(frame.moved || []);
    this.setText('[data-role="score"]', frame.score);
    const boardLink = this.q('a[data-role="board-link"]');
    if (boardLink && frame.board_link) boardLink.setAttribute("href", frame.board_link);
    if (!first) this.showMessage(frame);
    this.applyFrame(frame);
    // What a screen reader hears (the description, a live region) changes once the frames stop
    // coming: five quick steps are one announcement, of the position reached. While more requests
    // wait for their answers, the next frame will come: nothing is announced yet.
    clearTimeout(this.liveTimer);
    if (!first && this.liveDelay && this.waiting > 0) return;
    const live = () => {
      this.setText('[data-role="description"]', frame.description);
      this.applySettled(frame);
    };
    if (first || !this.liveDelay) live();
    else this.liveTimer = setTimeout(live, this.liveDelay);
  }

  // A kind's parts that follow the live description (a replay's current move in its list).
  applySettled(frame) {}

  // The cards the last move carried, marked on the board (the stylesheet outlines them).
  markMoved(cards) {
    for (const el of this.root.querySelectorAll('[data-role="board"] [data-moved]')) delete el.dataset.moved;
    for (const token of cards) {
      const card = this.q(`[data-role="board"] [data-card="${token}"]`);
      if (card) card.dataset.moved = "";
    }
  }

  // Where a frame's message goes (a kind may put it beside the button that asked).
  showMessage(frame) {
    this.setMessage(frame.message, frame.legal, undefined, frame.message_said);
  }

  // A kind's own parts of a frame, and what it does when the board has changed.
  applyFrame(frame) {}

  boardChanged(first) {}

  setText(selector, text) {
    const el = this.q(selector);
    if (el && el.textContent !== text) el.textContent = text;
  }

  // A message; ``said``: how a screen reader says it, when that differs (the card in words, no arrow):
  // the text to the eye (aria-hidden), the words in a .sol-sr span. Text only, never markup.
  setMessage(text, legal, el = this.q('[data-role="message"]'), said = text) {
    if (!el) return;
    if (said && text && said !== text) {
      const shown = document.createElement("span");
      shown.setAttribute("aria-hidden", "true");
      shown.textContent = text;
      const heard = document.createElement("span");
      heard.className = "sol-sr";
      heard.textContent = said;
      el.replaceChildren(shown, heard);
    } else {
      el.textContent = text || "";
    }
    if (legal === true || legal === false) el.dataset.legal = String(legal);
    else delete el.dataset.legal;
  }

  // A toolbar button on or off; a focused button that turns off hands the focus to the widget itself
  // (the focus is not lost to the page's top, and the keyboard reader stays where they were).
  disable(action, off) {
    const button = this.q(`.sol-toolbar [data-action="${action}"]`);
    if (!button || button.disabled === off) return;
    const focused = off && document.activeElement === button;
    button.disabled = off;
    if (focused) {
      if (!this.root.hasAttribute("tabindex")) this.root.tabIndex = -1;
      this.root.focus({ preventScroll: true });
    }
  }

  // A deep link (#<id>-<move>) to this widget: only a replay takes them.
  takesLink(link) {
    return false;
  }

  // -- the folded board (a ruling's) --
  showBoard(open = true) {
    if (!this.root.classList.contains("sol-collapsible")) return;
    this.root.classList.toggle("sol-open", open);
    const toggle = this.q('[data-action="board"]');
    if (toggle) toggle.setAttribute("aria-expanded", String(open));
  }

  // -- events: a kind answers clicks, actions and keys of its own --
  onClick(event) {
    if (this.suppressClick) { // the end of a drag is no click
      this.suppressClick = false;
      event.preventDefault();
      return;
    }
    const el = event.target.closest("button, a[data-index], [data-column]");
    if (!el || !this.root.contains(el)) return;
    const action = el.dataset.action;
    if (action === "description") return; // the page's (every board's description at once)
    if (action === "board") {
      this.showBoard(!this.root.classList.contains("sol-open"));
      return;
    }
    if (this.root.dataset.state === "error") return;
    if (action) this.onAction(action, el, event);
    else this.onPick(el, event);
  }

  onAction(action, el, event) {}

  onPick(el, event) {}

  onChange(event) {}

  onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.matches("select, input, textarea")) return;
    if (this.root.dataset.state === "error") return;
    this.onKeyDown(event);
  }

  onKeyDown(event) {}

  // How the last press reached the page: "touch", "mouse", "pen", or "" for the keyboard.
  pressedBy(event) {
    if (event && event.detail === 0) return "";
    return (event && event.pointerType) || this.pointerType || "mouse";
  }

  // -- dragging a card onto a column (or a foundation): pointer events, mouse and touch alike --
  onPointerDown(event) {
    this.pointerType = event.pointerType || "";
    if (!event.isPrimary || event.button !== 0 || this.drag) return;
    const card = event.target.closest('[data-role="board"] button[data-card]');
    if (!card || !this.root.contains(card)) return;
    this.drag = { id: event.pointerId, card, x: event.clientX, y: event.clientY, ghost: null, over: null };
  }

  onPointerMove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_START_PX) return;
      this.startDrag(drag, event);
    }
    event.preventDefault();
    drag.ghost.style.left = `${event.clientX - drag.dx}px`;
    drag.ghost.style.top = `${event.clientY - drag.dy}px`;
    const over = this.dropTarget(event.clientX, event.clientY);
    if (over !== drag.over) {
      if (drag.over) drag.over.el.classList.remove("sol-drop-target");
      if (over) over.el.classList.add("sol-drop-target");
      drag.over = over;
    }
  }

  // The picked card and the cards on it, lifted: a copy follows the pointer.
  startDrag(drag, event) {
    const box = drag.card.getBoundingClientRect();
    drag.dx = event.clientX - box.left;
    drag.dy = event.clientY - box.top;
    const ghost = document.createElement("div");
    ghost.className = "sol-board sol-drag-ghost";
    ghost.setAttribute("aria-hidden", "true");
    ghost.style.width = `${box.width}px`;
    const item = drag.card.closest("li");
    const carried = item && item.closest("[data-column]") ? [item, ...siblingsAfter(item)] : [item || drag.card];
    const pile = document.createElement("ol");
    pile.className = "sol-cards";
    for (const li of carried) {
      const copy = document.createElement("li");
      const face = li.matches("li") ? li.firstElementChild : li;
      const clone = face.cloneNode(true);
      clone.removeAttribute("id");
      clone.tabIndex = -1;
      copy.append(clone);
      pile.append(copy);
    }
    ghost.append(pile);
    ghost.style.fontSize = getComputedStyle(this.q('[data-role="board"]')).fontSize;
    this.root.append(ghost);
    drag.ghost = ghost;
    this.root.classList.add("sol-dragging");
    drag.card.classList.add("sol-lifted");
    try {
      drag.card.setPointerCapture(drag.id);
    } catch {
      // the pointer is gone already: pointerup ends the drag
    }
  }

  // Where a card dropped at (x, y) would go: a column ("7") or a foundation ("F").
  dropTarget(x, y) {
    const board = this.q('[data-role="board"]');
    const hit = document.elementFromPoint(x, y);
    if (!hit || !board.contains(hit)) return null;
    const foundation = hit.closest("[data-foundation]");
    if (foundation) return { el: foundation, target: "F" };
    const column = hit.closest("[data-column]");
    return column ? { el: column, target: column.dataset.column } : null;
  }

  onPointerUp(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.ghost) {
      this.drag = null; // a press that did not travel: the click that follows is a pick or a tap
      return;
    }
    const over = this.dropTarget(event.clientX, event.clientY);
    const from = drag.card.closest("[data-column]");
    const token = drag.card.dataset.card;
    this.endDrag();
    this.suppressClick = true;
    setTimeout(() => {
      this.suppressClick = false;
    }, 0);
    if (over && !(from && over.el === from)) this.onDrop(token, over.target);
  }

  endDrag() {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    if (drag.ghost) drag.ghost.remove();
    if (drag.over) drag.over.el.classList.remove("sol-drop-target");
    drag.card.classList.remove("sol-lifted");
    this.root.classList.remove("sol-dragging");
  }

  // A card dropped on a column or a foundation: the same move as picking it, then the target.
  onDrop(card, target) {
    this.send({ op: "move", token: `${card}>${target}` });
  }

  // -- the board's focus --
  // Arrow keys move the focus over the board: left/right between columns, up/down within one.
  // The board has one tab stop (roving tabindex), so Tab leaves it in one press.
  grid() {
    return [...this.root.querySelectorAll('[data-role="board"] [data-column]')].map((column) => [
      ...column.querySelectorAll("button"),
    ]);
  }

  moveFocus(from, key) {
    const grid = this.grid();
    let x = grid.findIndex((items) => items.includes(from));
    if (x < 0) return;
    let y = grid[x].indexOf(from);
    if (key === "ArrowUp") y = Math.max(0, y - 1);
    else if (key === "ArrowDown") y = Math.min(grid[x].length - 1, y + 1);
    else {
      const dx = key === "ArrowLeft" ? -1 : 1;
      x = (x + dx + grid.length) % grid.length;
      y = Math.min(y, grid[x].length - 1);
    }
    const to = grid[x][y];
    if (!to) return;
    this.setTabStop(to);
    to.focus();
  }

  // The table's one tab stop (roving tabindex), remembered across board updates.
  setTabStop(el) {
    oneTabStop(this.grid().flat(), el);
    this.tabStop = keyOf(el);
  }

  // After a partial update, the table keeps exactly one tab stop: the one the reader last moved to.
  keepOneTabStop() {
    const buttons = this.grid().flat();
    if (!buttons.length) return;
    const wanted = (this.tabStop && buttons.find((b) => b.matches(this.tabStop))) || buttons.find((b) => b.tabIndex === 0)
      || buttons[0];
    oneTabStop(buttons, wanted);
  }

  focusKey() {
    const active = document.activeElement;
    if (!active || !this.root.contains(active)) return null;
    const board = this.q('[data-role="board"]');
    if (!board || !board.contains(active)) return null;
    return keyOf(active);
  }

  restoreFocus(selector) {
    if (!selector) return;
    const board = this.q('[data-role="board"]');
    const el = board.querySelector(selector) || board.querySelector("button");
    if (!el) return;
    if (el.closest("[data-column]")) this.setTabStop(el);
    el.focus({ preventScroll: true }); // the board is on screen: nothing to scroll to
  }
}

// `wanted` the one button of `buttons` in the tab order; only the buttons whose tabindex changes
// are written (every write is a style change the next frame pays for).
function oneTabStop(buttons, wanted) {
  for (const b of buttons) {
    const index = b === wanted ? 0 : -1;
    if (b.tabIndex !== index) b.tabIndex = index;
  }
}

function siblingsAfter(el) {
  const out = [];
  for (let next = el.nextElementSibling; next; next = next.nextElementSibling) out.push(next);
  return out;
}

// A game record stepped through: buttons, the arrow keys, Home/End, the move list, deep links, play.
// It says where it is (the counter), what the last move did (the caption; the moved cards marked)
// and keeps the current move in view inside the move list.
class ReplayWidget extends Widget {
  constructor(root) {
    super(root);
    this.timer = null;
    this.total = (this.config.moves || []).length;
    this.liveDelay = SETTLE_MS;
  }

  applyFrame(frame) {
    this.setText('[data-role="counter"]', frame.counter || "");
    // the caption, like a message, is shown with its symbols and said in words
    this.setMessage(frame.caption || "", null, this.q('[data-role="caption"]'), frame.caption_said || frame.caption);
    this.setText('[data-role="annotation"]', frame.annotation || "");
    const at = frame.index;
    this.disable("first", at === 0);
    this.disable("prev", at === 0);
    this.disable("next", at === frame.total);
    this.disable("last", at === frame.total);
    if (at === frame.total) this.stop();
    this.disable("play", at === frame.total && !this.timer);
  }

  // The current move in the list, with the description: once stepping settles.
  applySettled(frame) {
    let current = null;
    for (const link of this.root.querySelectorAll('[data-role="moves"] [data-index]')) {
      if (Number(link.dataset.index) === frame.index) {
        link.setAttribute("aria-current", "step");
        current = link;
      } else link.removeAttribute("aria-current");
    }
    if (current) this.keepInList(current);
  }

  // The current move scrolled into view inside the list (never the page).
  keepInList(item) {
    const list = this.q('[data-role="moves"]');
    if (!list || list.scrollHeight <= list.clientHeight) return;
    const box = list.getBoundingClientRect();
    const at = item.getBoundingClientRect();
    if (at.top < box.top) list.scrollTop -= box.top - at.top + 4;
    else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom + 4;
  }

  goto(index) {
    this.send({ op: "goto", index });
  }

  step(delta) {
    this.send({ op: "step", delta });
  }

  togglePlay() {
    if (this.timer) {
      this.stop();
      return;
    }
    if (this.frame && this.frame.index === this.frame.total) return;
    const button = this.q('[data-action="play"]');
    button.setAttribute("aria-pressed", "true");
    button.setAttribute("aria-label", this.texts.pause);
    button.title = this.texts.pause;
    this.timer = setInterval(() => this.step(1), PLAY_INTERVAL_MS);
  }

  stop() {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    const button = this.q('[data-action="play"]');
    button.setAttribute("aria-pressed", "false");
    button.setAttribute("aria-label", this.texts.play);
    button.title = this.texts.play;
  }

  takesLink(link) {
    return link.startsWith(`${this.id}-`);
  }

  // The page's address names a move of this replay: the browser has scrolled to its anchor, at the
  // top of the widget (toolbar and board in view); the step waits for the engine if it must.
  link(text) {
    this.goto(text);
  }

  onPick(el, event) {
    if (!el.matches("a[data-index]")) return;
    event.preventDefault();
    this.stop();
    history.replaceState(null, "", el.getAttribute("href"));
    this.goto(Number(el.dataset.index));
  }

  onAction(action) {
    const actions = { first: () => this.goto(0), prev: () => this.step(-1), next: () => this.step(1),
                      last: () => this.goto(this.total) };
    if (action === "play") this.togglePlay();
    else if (actions[action]) {
      this.stop();
      actions[action]();
    }
  }

  onKeyDown(event) {
    const keys = { ArrowLeft: () => this.step(-1), ArrowRight: () => this.step(1),
                   Home: () => this.goto(0), End: () => this.goto(this.total) };
    if (keys[event.key]) {
      event.preventDefault();
      this.stop();
      keys[event.key]();
    }
  }
}

// A board the reader plays on: pick a card, then a column (or a foundation), or drag it there;
// undo, reset, the disputed moves' buttons (each verdict beside its button) and the rules selector.
// Where the game has them (data-taps: Klondike), a tap on a top card sends it to its foundation and
// two quick taps find it a place on the table, as in the app; the keyboard always picks.
class TryWidget extends Widget {
  constructor(root) {
    super(root);
    this.selected = null; // the picked card's token
    this.tapping = null; // a first tap waiting for a second: { card, timer }
    this.taps = root.hasAttribute("data-taps");
  }

  applyFrame(frame) {
    this.disable("undo", !frame.can_undo);
    const select = this.q('[data-role="rules"]');
    if (select && frame.rules && select.value !== frame.rules) select.value = frame.rules;
  }

  // A disputed move's verdict goes beside its button; any other message under the board.
  showMessage(frame) {
    if (!frame.asked) {
      super.showMessage(frame);
      return;
    }
    this.setMessage("", null);
    for (const result of this.root.querySelectorAll('[data-role="attempt-result"]')) {
      const mine = result.closest("[data-move]").dataset.move === frame.asked;
      this.setMessage(mine ? frame.message : "", mine ? frame.legal : null, result, mine ? frame.message_said : "");
    }
  }

  boardChanged(first) {
    if (!first || this.selected) this.markSelected();
  }

  pick(card, event) {
    const label = card.getAttribute("aria-label") || card.dataset.card;
    if (this.selected === card.dataset.card) {
      this.selected = null;
      this.setMessage(this.texts.cancelled, null);
    } else {
      this.selected = card.dataset.card;
      // what the game on the board lets a picked card do (a frame's pick: Klondike's go to a foundation too)
      const [mouse, touch] = (this.frame && this.frame.pick) || ["selected", "selected-touch"];
      const words = this.texts[this.pressedBy(event) === "touch" ? touch : mouse];
      this.setMessage(format(words || this.texts.selected, { card: label }), null);
    }
    this.markSelected();
  }

  markSelected() {
    for (const el of this.root.querySelectorAll('[data-role="board"] [aria-pressed="true"]')) {
      el.setAttribute("aria-pressed", "false");
    }
    if (!this.selected) return;
    const card = this.q(`[data-role="board"] button[data-card="${this.selected}"]`);
    if (card) card.setAttribute("aria-pressed", "true");
    else this.selected = null;
  }

  // The picked card stays marked until the engine's answer redraws the board (one frame for both,
  // no frame of its own on the way to the answer); before the engine is ready, it is unmarked at once.
  moveTo(target) {
    const token = `${this.selected}>${target}`;
    this.selected = null;
    if (this.ready) this.unmark = true;
    else this.markSelected();
    this.send({ op: "move", token });
  }

  answered() {
    if (!this.unmark) return;
    this.unmark = false;
    this.markSelected();
  }

  onDrop(card, target) {
    this.selected = null;
    this.markSelected();
    super.onDrop(card, target);
  }

  // A card a tap acts on: the last card of a column, or the top card of a fanned pile (the waste).
  isTopCard(el) {
    const item = el.closest("li");
    return Boolean(item && !item.nextElementSibling && item.parentElement.closest("[data-column], .sol-fan"));
  }

  // One tap, or the second of two quick taps, on a top card.
  tap(card) {
    const token = card.dataset.card;
    if (this.tapping && this.tapping.card === token) {
      clearTimeout(this.tapping.timer);
      this.tapping = null;
      this.send({ op: "move", token: `dtap:${token}` });
      return;
    }
    if (this.tapping) clearTimeout(this.tapping.timer);
    const timer = setTimeout(() => {
      this.tapping = null;
      this.send({ op: "move", token: `tap:${token}` });
    }, DOUBLE_TAP_MS);
    this.tapping = { card: token, timer };
  }

  onPick(el, event) {
    const column = el.closest("[data-column]");
    if (this.selected && el.closest("[data-foundation]") && el.dataset.card !== this.selected) {
      this.moveTo("F"); // Klondike: onto its foundation (the engine finds which)
      return;
    }
    if (el.matches("button[data-card]")) {
      const from = el.closest("[data-column]");
      if (this.selected && this.selected !== el.dataset.card && column) {
        const selectedEl = this.q(`[data-role="board"] button[data-card="${this.selected}"]`);
        const selectedColumn = selectedEl && selectedEl.closest("[data-column]");
        if (selectedColumn !== from) {
          this.moveTo(column.dataset.column);
          return;
        }
      }
      if (this.taps && !this.selected && this.pressedBy(event) && this.isTopCard(el)) {
        this.tap(el);
        return;
      }
      this.pick(el, event);
      return;
    }
    if (column && this.selected) this.moveTo(column.dataset.column);
  }

  onAction(action, el) {
    this.selected = null;
    if (action === "undo" || action === "reset") this.send({ op: action });
    else if (action === "deal") this.send({ op: "move", token: el.dataset.move || "deal" });
    else if (action === "attempt") this.tryAttempt(el);
  }

  // A disputed move, tried from the question's position; its verdict appears beside the button.
  tryAttempt(button) {
    const result = button.closest("[data-move]").querySelector('[data-role="attempt-result"]');
    if (!this.ready && result) {
      const status = this.q('[data-role="status"]');
      this.setMessage(status ? status.textContent : "", null, result);
    }
    this.showBoard(true);
    this.send({ op: "attempt", token: button.dataset.move });
  }

  onChange(event) {
    if (event.target.matches('[data-role="rules"]')) {
      this.send({ op: "rules", rules: event.target.value });
    }
  }

  onKeyDown(event) {
    if (event.key === "Escape" && this.selected) {
      event.preventDefault();
      this.selected = null;
      this.markSelected();
      this.setMessage(this.texts.cancelled, null);
      return;
    }
    const board = this.q('[data-role="board"]');
    if (board && board.contains(event.target) && event.key.startsWith("Arrow")) {
      event.preventDefault();
      this.moveFocus(event.target, event.key);
    }
  }
}

// Markup the engine rendered (and escaped) for one part of a widget, in place of the part with the same
// role; a button that had the focus keeps it (found again by its data-index or data-step). A part
// the same markup was put into last time is left as it is, without reading its markup back.
const partsApplied = new WeakMap(); // part -> the markup put into it last
function replacePart(root, role, html) {
  const old = root.querySelector(`[data-role="${role}"]`);
  if (!old || partsApplied.get(old) === html) return old;
  if (!partsApplied.has(old) && old.outerHTML === html) { // the built page's own markup (read back once)
    partsApplied.set(old, html);
    return old;
  }
  const fresh = parsed(html);
  if (!fresh) return old;
  const focused = old.contains(document.activeElement) ? document.activeElement : null;
  fresh.hidden = old.hidden;
  const now = patch(old, fresh);
  partsApplied.set(now, html);
  if (focused && !now.contains(document.activeElement)) {
    const key = ["index", "step"].find((k) => focused.dataset[k] !== undefined);
    const again = key && now.querySelector(`[data-${key}="${focused.dataset[key]}"]`);
    if (again) again.focus({ preventScroll: true });
  }
  return now;
}

const SOLVE_SLICE_MS = 50; // how long the worker searches before it looks at its messages again
const ADDRESS_QUIET_MS = 300; // the address bar follows the board once its answers pause this long

// fn once the page is idle (requestIdleCallback, at most a second later), or at once where the
// browser has no idle callbacks; cancelIdle(handle) calls it off.
function whenIdle(fn) {
  if (window.requestIdleCallback) return { idle: requestIdleCallback(fn, { timeout: 1000 }) };
  fn();
  return null;
}
function cancelIdle(handle) {
  if (handle && window.cancelIdleCallback) cancelIdleCallback(handle.idle);
}

// The analysis board (DESIGN.md §5.1): a try-it board with the reader's own game. Its whole state is
// in the page's fragment: read once the engine is ready (and when the reader edits it), written back
// after every answer. The engine parses the fragment (engine/board_link.py): the page only hands it
// over, capped, and never puts any of it into the page as markup.
class AnalysisWidget extends TryWidget {
  constructor(root) {
    super(root);
    this.written = null; // the fragment this page last wrote
    this.linkRead = false; // the fragment the page opened with is read before anything is written over it
    this.limits = { link: 16384, deals: 1 };
    this.solving = null; // the running search's task id
    this.lineShown = false;
    window.addEventListener("hashchange", () => {
      this.cancelAddress(); // the reader's own address is never overwritten by an older board's
      if (this.ready && location.hash.slice(1) !== this.written) this.openLink();
    });
    window.addEventListener("pagehide", () => this.writeAddress());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.writeAddress();
    });
  }

  onReady() {
    this.linkRead = true;
    if (location.hash.length > 1) this.openLink();
    else this.writeLink(true);
  }

  // The fragment is the board's, unless it names an element of the page (a heading's permalink).
  openLink() {
    const hash = location.hash;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // not an element's id then
    }
    if (id && !id.includes("=") && document.getElementById(id)) return;
    this.send({ op: "link", fragment: hash.slice(0, this.limits.link + 2), length: hash.length });
  }

  // The address bar follows the board once the reader pauses (ADDRESS_QUIET_MS without a new answer),
  // when the page is idle: writing it (history.replaceState) costs the page ~2 ms, which must not
  // stand between a click and its answer. The board's own link (shareLink, the link field, "copy
  // link") is always the current one; the board's first link (no click waits then), copying the
  // link, leaving the page or hiding it write the address at once.
  writeLink(now = false) {
    if (!this.linkRead || !this.frame || this.frame.fragment === undefined) return;
    if (this.frame.fragment !== this.written) {
      this.written = this.frame.fragment;
      this.cancelAddress();
      if (now) this.writeAddress();
      else this.addressTimer = setTimeout(() => {
        this.addressTimer = null;
        this.addressIdle = whenIdle(() => {
          this.addressIdle = null;
          this.writeAddress();
        });
      }, ADDRESS_QUIET_MS);
    }
    const field = this.q('[data-role="link"]');
    if (field) field.value = this.shareLink();
  }

  cancelAddress() {
    clearTimeout(this.addressTimer);
    this.addressTimer = null;
    if (this.addressIdle) cancelIdle(this.addressIdle);
    this.addressIdle = null;
  }

  // The address bar brought up to the board's link now (nothing pending is left to overwrite it).
  writeAddress() {
    this.cancelAddress();
    if (this.written !== null && location.hash.slice(1) !== this.written) {
      history.replaceState(history.state, "", `#${this.written}`);
    }
  }

  // The board's own link (the address bar may still hold a link the board could not follow).
  shareLink() {
    return `${location.origin}${location.pathname}${location.search}#${this.frame.fragment}`;
  }

  applyFrame(frame) {
    if (frame.link_limit) this.limits = { link: frame.link_limit, deals: frame.deal_numbers };
    this.disable("undo", !frame.can_undo);
    this.disable("redo", !frame.can_redo);
    this.syncRules(frame);
    replacePart(this.root, "moves", frame.moves);
    // a move's verdict under every preset (the table and its summary) comes in the same frame
    replacePart(this.root, "verdicts", frame.verdicts);
    this.setText('[data-role="verdicts-summary"]', frame.verdicts_summary || "");
    this.setText('[data-role="command"]', frame.command || "");
    this.applySolver(frame.solver);
    this.writeLink();
  }

  // The rules selector lists the presets of the game on the board (its game can change).
  syncRules(frame) {
    const select = this.q('[data-role="rules"]');
    if (!select || !frame.presets) return;
    const ids = frame.presets.map((p) => p.id).join(" ");
    if ([...select.options].map((o) => o.value).join(" ") !== ids) {
      select.replaceChildren(...frame.presets.map((p) => {
        const option = document.createElement("option");
        option.value = p.id;
        option.textContent = p.name;
        return option;
      }));
    }
    if (select.value !== frame.rules) select.value = frame.rules;
  }

  // -- the solver --
  applySolver(solver) {
    if (!solver) return;
    this.setText('[data-role="solver-progress"]', solver.progress || "");
    const status = this.q('[data-role="solver"]');
    if (status.textContent !== (solver.text || "")) status.textContent = solver.text || "";
    if (solver.result) status.dataset.result = solver.result;
    else delete status.dataset.result;
    const won = solver.state === "won" && Boolean(solver.line);
    replacePart(this.root, "solution", solver.line || '<ol class="sol-solution" data-role="solution" hidden></ol>');
    const showLine = this.q('[data-action="show-line"]');
    const lineless = !won || !solver.line.includes("data-move");
    if (showLine.hidden !== lineless) showLine.hidden = lineless;
    this.showLine(won && this.lineShown);
    const running = solver.state === "running";
    const focused = document.activeElement;
    this.enable("solve", !running);
    this.enable("cancel", running);
    // A keyboard reader on the button that just turned off lands on the other one (Search ⇄ Cancel).
    if (focused && focused.disabled && this.root.contains(focused)) {
      this.q(`[data-action="${running ? "cancel" : "solve"}"]`).focus();
    }
  }

  enable(action, on) {
    const button = this.q(`[data-action="${action}"]`);
    if (button && button.disabled === on) button.disabled = !on;
  }

  solve() {
    if (this.solving !== null) return;
    const id = this.id;
    const { id: taskId, done } = engine.task({ op: "solve", id }, { op: "solve-step", id, ms: SOLVE_SLICE_MS },
                                             { op: "solve-stop", id }, (answer) => {
      if (answer.ok) this.applySolver(answer.frame.solver);
    });
    this.solving = taskId;
    const wasFocused = document.activeElement === this.q('[data-action="solve"]');
    this.enable("solve", false);
    this.enable("cancel", true);
    if (wasFocused) this.q('[data-action="cancel"]').focus();
    done.then((answer) => {
      this.solving = null;
      if (answer.ok) this.applySolver(answer.frame.solver);
      else {
        this.setMessage(answer.error, false);
        this.enable("solve", true);
        this.enable("cancel", false);
      }
    });
  }

  cancel() {
    if (this.solving !== null) engine.cancel(this.solving);
  }

  showLine(shown) {
    this.lineShown = shown;
    const panel = this.q('[data-role="line-panel"]');
    const list = this.q('[data-role="solution"]');
    const button = this.q('[data-action="show-line"]');
    // (only what changes is written: every frame passes here)
    if (panel.hidden === shown) panel.hidden = !shown;
    if (list && list.hidden === shown) list.hidden = !shown;
    if (button.getAttribute("aria-expanded") !== String(shown)) button.setAttribute("aria-expanded", String(shown));
    this.setText('[data-action="show-line"]', shown ? this.texts["hide-line"] : this.texts["show-line"]);
  }

  // -- sharing, starting --
  async copyLink() {
    const field = this.q('[data-role="link"]');
    const link = this.shareLink();
    this.writeAddress();
    field.value = link;
    try {
      await navigator.clipboard.writeText(link);
      this.setMessage(this.texts.copied, null);
    } catch {
      field.focus();
      field.select(); // the visible fallback: the reader copies the selected link
      this.setMessage(this.texts["copy-failed"], null);
    }
  }

  // A deal number drawn uniformly from 0 … deals - 1 with the browser's cryptographic generator.
  drawDeal() {
    const deals = BigInt((this.limits && this.limits.deals) || 1);
    const span = 1n << 64n;
    const limit = span - (span % deals);
    for (;;) {
      const [high, low] = crypto.getRandomValues(new Uint32Array(2));
      const x = (BigInt(high) << 32n) | BigInt(low);
      if (x < limit) return Number(x % deals);
    }
  }

  openStart() {
    const text = this.q('[data-role="start-text"]').value.trim();  // empty: the engine asks for one
    this.send({ op: "start", text, game: this.q('[data-role="start-game"]').value });
  }

  onAction(action, el) {
    const own = {
      redo: () => this.send({ op: "redo" }),
      solve: () => this.solve(),
      cancel: () => this.cancel(),
      "show-line": () => this.showLine(!this.lineShown),
      copy: () => this.copyLink(),
      open: () => this.openStart(),
      "new-deal": () => this.send({ op: "random", preset: this.q('[data-role="deal-rules"]').value,
                                    number: this.drawDeal() }),
    };
    if (own[action]) {
      this.selected = null;
      this.markSelected();
      own[action]();
    } else super.onAction(action, el);
  }

  onPick(el, event) {
    if (el.matches('[data-role="moves"] [data-index]')) {
      this.selected = null;
      this.send({ op: "goto", index: Number(el.dataset.index) });
    } else if (el.matches('[data-role="solution"] [data-step]')) {
      this.selected = null;
      this.send({ op: "line", step: Number(el.dataset.step) });
    } else super.onPick(el, event);
  }

  onKey(event) {
    if (event.key === "Enter" && event.target.matches('[data-role="start-text"]')) {
      event.preventDefault();
      this.openStart();
      return;
    }
    super.onKey(event);
  }
}

// One class per kind of widget ([data-widget="…"], engine/web.py's KINDS).
const KINDS = { replay: ReplayWidget, try: TryWidget, analysis: AnalysisWidget };

// ---- the page -------------------------------------------------------------------------------------------

// Every board's description, shown or hidden at once; the choice is remembered for the whole site.
function toggleDescriptions() {
  const root = document.documentElement;
  const shown = root.dataset.solDescriptions !== "shown";
  root.dataset.solDescriptions = shown ? "shown" : "hidden";
  try {
    localStorage.setItem(DESCRIPTIONS_KEY, shown ? "shown" : "hidden");
  } catch {
    // storage refused (private mode): the choice holds for this page
  }
}

document.addEventListener("click", (event) => {
  if (event.target.closest(".sol-description-toggle")) toggleDescriptions();
});

const widgets = [...document.querySelectorAll("[data-widget]")]
  .filter((root) => root.dataset.widget in KINDS)
  .map((root) => new KINDS[root.dataset.widget](root));

function followLink() {
  let wanted = location.hash.slice(1);
  try {
    wanted = decodeURIComponent(wanted);
  } catch {
    // keep the raw text: the engine says what is wrong with it
  }
  // The longest id that prefixes the link wins ("won-normal-3" belongs to won-normal, not to won).
  const target = widgets
    .filter((widget) => widget.takesLink(wanted))
    .sort((a, b) => b.id.length - a.id.length)[0];
  if (target) target.link(wanted.slice(target.id.length + 1));
}

// Near the viewport: within NEAR_VIEWPORT of it (the same margin the observer uses).
function nearViewport(root) {
  const margin = parseInt(NEAR_VIEWPORT, 10);
  const box = root.getBoundingClientRect();
  return box.bottom > -margin && box.top < window.innerHeight + margin;
}

if (widgets.length) {
  if (widgets.some((widget) => nearViewport(widget.root))) {
    engine.start(); // already in view: no need to wait for the observer's first report
  } else if ("IntersectionObserver" in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          engine.start();
        }
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    for (const widget of widgets) observer.observe(widget.root);
  } else {
    engine.start();
  }
  window.addEventListener("hashchange", followLink);
  followLink();
}
