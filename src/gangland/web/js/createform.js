// The "open a new table" form: built from GET /api/games, so every game's options get a
// fitting input (a checkbox, a bounded number, a list of choices, a text box) and every
// seat can be a person or one of the game's bots.

import { h, fill, humanize, seatLabel } from "./dom.js";
import { api, rememberSeat, rememberWatch, savedName, saveName, tableUrl, watchUrl } from "./api.js";
import { seatBadge } from "./colors.js";
import { inviteItem, watchItem } from "./invites.js";
import { toast } from "./toast.js";

const $ = (id) => document.getElementById(id);

function optionInput(option) {
  const id = `opt-${option.name}`;
  const help = option.help ? humanize(option.help) : "";
  if (option.type === "bool") {
    return h("label", { class: "field check" },
      h("input", { id, type: "checkbox", checked: Boolean(option.default), dataset: { option: option.name, kind: "bool" } }),
      h("span", {}, h("strong", {}, humanize(option.name)), help ? ` — ${help}` : ""));
  }
  let input;
  if (option.type === "int") {
    input = h("input", {
      id, type: "number", step: 1, value: option.default, min: option.low ?? null, max: option.high ?? null,
      dataset: { option: option.name, kind: "int" },
    });
  } else if (option.choices && option.choices.length) {
    input = h("select", { id, dataset: { option: option.name, kind: "str" } },
      option.choices.map((c) => h("option", { value: c, selected: c === option.default }, c === "" ? "none" : humanize(c))));
  } else {
    input = h("input", { id, type: "text", value: option.default ?? "", dataset: { option: option.name, kind: "str" } });
  }
  return h("label", { class: "field" }, h("span", { class: "field-label" }, humanize(option.name)), input, help ? h("span", { class: "field-help" }, help) : null);
}

function optionValues() {
  const values = {};
  for (const node of $("options").querySelectorAll("[data-option]")) {
    const { option, kind } = node.dataset;
    if (kind === "bool") values[option] = node.checked;
    else if (kind === "int") values[option] = Number(node.value);
    else values[option] = node.value;
  }
  return values;
}

/** One row per seat: person or bot, and the radio for the seat you take yourself. */
function seatRow(seat, game, mine) {
  const kind = h("select", { "aria-label": `who plays ${seatLabel(seat)}`, dataset: { seat } },
    h("option", { value: "human" }, "a person (invite)"),
    game.bots.map((bot) => h("option", { value: `bot:${bot.name}`, title: bot.help || "", selected: seat !== mine && bot.name === game.default_bot }, `bot: ${bot.label || bot.name}`)));
  const radio = h("input", { type: "radio", name: "my-seat", value: seat, checked: seat === mine, "aria-label": `I sit at ${seatLabel(seat)}` });
  const sync = () => {
    const me = radio.checked;
    kind.disabled = me;
    if (me) kind.value = "human";
  };
  radio.addEventListener("change", () => {
    for (const other of $("seat-rows").querySelectorAll(".seat-row")) other.sync();
  });
  const row = h("div", { class: "seat-row" }, seatBadge(seat, 22), h("strong", {}, seatLabel(seat)), kind, h("label", { class: "me" }, radio, " me"));
  row.sync = sync;
  sync();
  return row;
}

export class CreateForm {
  constructor(onCreated) {
    this.games = [];
    this.onCreated = onCreated;
  }

  game() {
    return this.games.find((g) => g.id === $("game").value);
  }

  async load() {
    try {
      this.games = await api("/api/games");
    } catch (err) {
      fill($("game"), h("option", {}, "The games could not be loaded"));
      toast(err.message);
      return;
    }
    fill($("game"), this.games.map((g) => h("option", { value: g.id }, g.title)));
    const remembered = localStorage.getItem("gangland.game");
    if (remembered && this.games.some((g) => g.id === remembered)) $("game").value = remembered;
    $("name").value = savedName();
    $("game").addEventListener("change", () => this.gameChanged());
    $("players").addEventListener("input", () => this.drawSeats());
    $("players").addEventListener("change", () => this.drawSeats());
    $("create-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    this.gameChanged();
  }

  gameChanged() {
    const game = this.game();
    if (!game) return;
    localStorage.setItem("gangland.game", game.id);
    const players = $("players");
    players.min = game.min_players;
    players.max = game.max_players;
    const now = Number(players.value) || game.min_players;
    players.value = Math.min(game.max_players, Math.max(game.min_players, now));
    fill(
      $("game-about"),
      h("p", { class: "designers" }, game.designers || ""),
      game.summary ? h("details", { class: "rules" }, h("summary", {}, "How to play"), h("pre", {}, game.summary)) : null,
    );
    fill($("options"), h("legend", {}, "Options"), game.options.length ? game.options.map(optionInput) : h("p", { class: "muted" }, "This game has no options."));
    this.drawSeats(true);
  }

  /** One row per seat; rows already there keep their choice (only the count changes). */
  drawSeats(force = false) {
    const game = this.game();
    if (!game) return;
    const players = Math.min(game.max_players, Math.max(game.min_players, Number($("players").value) || game.min_players));
    const rows = [...$("seat-rows").querySelectorAll(".seat-row")];
    if (!force && rows.length === players) return;
    const kinds = force ? [] : rows.map((row) => row.querySelector("select").value);
    const checked = $("seat-rows").querySelector("input[name=my-seat]:checked");
    const mine = checked && Number(checked.value) < players ? Number(checked.value) : 0;
    fill($("seat-rows"), h("legend", {}, "Seats"), Array.from({ length: players }, (_, seat) => seatRow(seat, game, mine)));
    $("seat-rows").querySelectorAll(".seat-row").forEach((row, seat) => {
      if (seat < kinds.length && seat !== mine) row.querySelector("select").value = kinds[seat];
    });
  }

  request() {
    const game = this.game();
    const rows = [...$("seat-rows").querySelectorAll(".seat-row select")];
    const seats = rows.map((select) => (select.value.startsWith("bot:") ? { kind: "bot", bot: select.value.slice(4) } : { kind: "human" }));
    const mine = Number(($("seat-rows").querySelector("input[name=my-seat]:checked") || { value: 0 }).value);
    const think = Number($("think").value);
    const body = {
      game: game.id,
      players: seats.length,
      options: optionValues(),
      seats,
      name: $("name").value.trim(),
      seat: mine,
      clock_s: $("clock-on").checked ? Number($("clock").value) : null,
      invite_only: $("invite-only").checked,
    };
    if ($("think").value !== "" && Number.isFinite(think)) body.think_ms = Math.round(think * 1000);
    return body;
  }

  async submit() {
    const body = this.request();
    if (!body.name) {
      toast("Tell the table your name first.", "info");
      $("name").focus();
      return;
    }
    saveName(body.name);
    const button = $("create-form").querySelector("button[type=submit]");
    button.disabled = true;
    let answer;
    try {
      answer = await api("/api/tables", body);
    } catch (err) {
      toast(err.message);
      return;
    } finally {
      button.disabled = false;
    }
    const table = typeof answer.table === "object" ? answer.table : { id: answer.table };
    const game = this.game();
    rememberSeat(table.id, {
      seat: answer.seat, token: answer.token, name: body.name, game: game.id, title: game.title,
      invites: answer.invites || [],
    });
    if (answer.watch) rememberWatch(table.id, answer.watch.key);
    this.showCreated(table, answer);
    this.onCreated();
  }

  /** After creating: each other person's invite link, and the way to one's own seat. */
  showCreated(table, answer) {
    const invites = answer.invites || [];
    if (!invites.length) {
      location.assign(tableUrl(table.id));
      return;
    }
    const box = $("created");
    box.hidden = false;
    fill(
      box,
      h("h2", {}, "Your table is open"),
      h("p", {}, `Send each friend the link of their seat. The game starts when every seat is taken.`),
      h("ul", { class: "invite-list" }, invites.map(inviteItem)),
      answer.watch
        ? [h("p", {}, "Nobody else sees this table in the lobby. To let someone watch, send them the watch link:"),
          h("ul", { class: "invite-list" }, watchItem(watchUrl(table.id, answer.watch.key)))]
        : null,
      h("a", { class: "button button-primary", href: tableUrl(table.id) }, "Take your seat →"),
    );
    box.scrollIntoView({ behavior: "smooth", block: "start" });
  }
}
