// Telling a player whose tab is in the background that their turn has come: a short sound
// and a title that blinks until they look. Off by default (a page that beeps uninvited is
// a page people close); the bell in the top bar switches it on, and the choice is kept on
// this browser. The sound is made by the Web Audio API, so there is no file to fetch, and
// its context is made by the click on the bell (browsers let only a click start sound).

const KEY = "gangland.alerts";
const BLINK_MS = 1000;

export class TurnAlerts {
  /**
   * @param {HTMLButtonElement} toggle  the bell (table.html #alerts)
   * @param {() => string} title  the page's own title, to blink against
   */
  constructor(toggle, title) {
    this.toggle = toggle;
    this.title = title;
    this.audio = null;
    this.blinking = null;
    this.on = localStorage.getItem(KEY) === "on";
    toggle.hidden = false;
    toggle.addEventListener("click", () => this.set(!this.on));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.stopBlinking();
    });
    this.draw();
  }

  set(on) {
    this.on = on;
    localStorage.setItem(KEY, on ? "on" : "off");
    if (on) this.context(); // (made by this click: later sounds may then play)
    this.draw();
  }

  draw() {
    this.toggle.setAttribute("aria-pressed", String(this.on));
    this.toggle.classList.toggle("alerts-on", this.on);
    const what = "a sound and a blinking title when your turn comes while this tab is in the background";
    this.toggle.title = this.on ? `On: ${what}. Click to switch off.` : `Off. Click for ${what}.`;
    this.toggle.setAttribute("aria-label", this.on ? "turn alerts on" : "turn alerts off");
  }

  context() {
    if (!this.audio) {
      const Context = window.AudioContext || window.webkitAudioContext;
      this.audio = Context ? new Context() : null;
    }
    return this.audio;
  }

  /** Your turn has come (at this table, or `where` names another): tell a player who is
   * not looking, if they asked to be told. Returns whether it did. */
  turn(where = "Your turn!") {
    if (!this.on || document.visibilityState === "visible") return false;
    this.beep();
    this.blink(where);
    return true;
  }

  beep() {
    const audio = this.context();
    if (!audio) return;
    const start = audio.currentTime + 0.01;
    // two short rising notes, quiet: a knock, not an alarm
    for (const [at, freq] of [[0, 660], [0.16, 880]]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.15, start + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.14);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + at);
      osc.stop(start + at + 0.15);
    }
  }

  blink(text) {
    this.stopBlinking();
    let shown = false;
    const flip = () => {
      shown = !shown;
      document.title = shown ? `● ${text}` : this.title();
    };
    flip();
    this.blinking = setInterval(flip, BLINK_MS);
  }

  stopBlinking() {
    if (!this.blinking) return;
    clearInterval(this.blinking);
    this.blinking = null;
    document.title = this.title();
  }
}
