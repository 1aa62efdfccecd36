// The table's WebSocket: hello, then welcome and states; reconnects by itself.
//
// Resuming needs no bookkeeping here: after every (re)connection the client says hello
// again and the server answers with welcome and a state marked `reset` that carries the
// newest page of the log, so the page rebuilds what it showed (older pages on demand). Retries back off (0.5 s doubling to 8 s, with jitter),
// and start again at once when the browser comes back online or the tab is shown.

const MIN_DELAY = 500;
const MAX_DELAY = 8000;

export class TableSocket {
  /**
   * @param {string} tableId
   * @param {string|null} token  the seat's token, or null to watch
   * @param {object} on  handlers: welcome, state, chat, error (messages), status(text)
   * @param {string} [name]  the name to sit under when the token opens a seat not yet taken
   * @param {string|null} [key]  when watching: the watch key (or a seat's token) that an
   *   invite-only table asks of its spectators
   */
  constructor(tableId, token, on, name = "", key = null) {
    this.tableId = tableId;
    this.token = token;
    this.key = key;
    this.name = name;
    this.on = on;
    this.ws = null;
    this.delay = MIN_DELAY;
    this.timer = null;
    this.stopped = false;
    this.wake = () => {
      if (!this.stopped && (!this.ws || this.ws.readyState === WebSocket.CLOSED)) this.connectNow();
    };
    window.addEventListener("online", this.wake);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.wake();
    });
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
  }

  start() {
    this.stopped = false;
    this.connectNow();
  }

  connectNow() {
    clearTimeout(this.timer);
    this.timer = null;
    this.status("connecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.delay = MIN_DELAY;
      const hello = { type: "hello" };
      if (this.token) hello.token = this.token;
      else if (this.key) hello.key = this.key;
      if (this.name) hello.name = this.name; // a seat's on claiming it; a spectator's for chat
      ws.send(JSON.stringify(hello));
      this.status("open");
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      const handler = this.on[message.type];
      if (handler) handler(message);
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.status("closed");
      if (!this.stopped) this.retry();
    });
    ws.addEventListener("error", () => ws.close());
  }

  retry() {
    if (this.timer) return;
    const wait = this.delay * (0.8 + Math.random() * 0.4);
    this.delay = Math.min(MAX_DELAY, this.delay * 2);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connectNow();
    }, wait);
  }

  status(text) {
    if (this.on.status && !this.stopped) this.on.status(text);
  }

  get isOpen() {
    return Boolean(this.ws && this.ws.readyState === WebSocket.OPEN);
  }

  /** Send a message; false when the connection is down (the caller says so). */
  send(message) {
    if (!this.isOpen) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  act(action, version) {
    return this.send({ type: "act", action, version });
  }

  /** Take back this seat's half-made move (the state at `version` says it may). */
  takeBack(version) {
    return this.send({ type: "take_back", version });
  }

  chat(text) {
    return this.send({ type: "chat", text });
  }

  /** Back at the table after being marked away: the bot stops playing for this seat. */
  back() {
    return this.send({ type: "back" });
  }

  /** Let the server play this seat's only legal move for it (or not). */
  autoPass(on) {
    return this.send({ type: "auto_pass", on });
  }

  /** Give this seat's standing answer (one of the game's names), or take it back (null). */
  standing(answer) {
    return this.send({ type: "standing", answer });
  }

  /** Stop for good (no more retries), e.g. when the token was refused. */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
