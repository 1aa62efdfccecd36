"""The fast paths reach what the plain ones do (issue 30: faster without a move changed).

A quiet ``step`` builds no event text, the turn's legal moves come from kind masks and the
heuristic's model reads precomputed survival tables; each is checked here against the
path or the rule it replaces, over seeded random games at every table size.
"""

from __future__ import annotations

from gangland.bots.chicago_gangster_eval import Position, Weights, strengths
from gangland.engine import Rng
from gangland.games.chicago_gangster.cards import (
    AMBUSH,
    CONTRACTS,
    COUNTERS,
    CRACKDOWN,
    DOUBLE_CROSS,
    HIT,
    INTRIGUE,
    KINDS,
    LAM,
    MASSACRE,
    MOB_WAR,
    PAY_OFF,
    POLICE,
    SUBSTITUTION,
    TRUCE,
    TURNCOAT,
    VENDETTA,
)
from gangland.games.chicago_gangster.rules import ChicagoState
from gangland.games.chicago_gangster.table import CROWDED

from .scenario import GAME

SEEDS = [(players, seed) for players in range(2, 7) for seed in range(8)]


def reference_playable(state: ChicagoState, kind: int) -> bool:
    """The rule as first written, one kind at a time (effects.playable before the masks)."""
    rivals_in_play = any(state.inplay[s] for s in state.rivals(state.player))
    if kind in CONTRACTS or kind in (DOUBLE_CROSS, HIT):
        return rivals_in_play
    if kind in (MASSACRE, LAM, POLICE, PAY_OFF, CRACKDOWN):
        return bool(state.hitlist)
    if kind == MOB_WAR:
        return state.war == 0 and bool(state.hitlist)
    if kind == AMBUSH:
        return state.war < 2 and (bool(state.hitlist) or state.permanent)
    if kind == VENDETTA:
        return True
    if kind == TURNCOAT:
        counts = [len(state.inplay[s]) for s in state.active()]
        return bool(state.dead) and max(counts) > min(counts)
    if kind == SUBSTITUTION:
        return bool(state.hitlist) and any(state.inplay)
    if kind == INTRIGUE:
        return len(state.hitlist) >= 2
    if kind == TRUCE:
        restarts = state.permanent or len(state.hitlist) >= CROWDED
        return state.war == 2 or (state.war == 1 and not restarts)
    return False


def reference_strengths(pos: Position, w: Weights) -> list[float]:
    """``strengths`` as first written, the risk worked out at each place."""
    s = [0.0 if o else float(c) for o, c in zip(pos.out, pos.inplay, strict=True)]
    per_round = pos.war * max(len(pos.out) - sum(pos.out), 1)
    for i, owner in enumerate(pos.hitlist):
        if pos.war:
            risk = w.war_risk[min(i // per_round, len(w.war_risk) - 1)]
        else:
            risk = max(w.calm_floor, w.calm_risk - w.calm_slope * i)
        s[owner] += 1.0 - risk
    return s


def test_a_quiet_step_reaches_the_same_state_view_and_moves_as_apply():
    for players, seed in SEEDS:
        loud, quiet = GAME.new_game(players, seed), GAME.new_game(players, seed)
        rng = Rng(seed)
        while not loud.is_terminal:
            legal = loud.legal_actions()
            assert quiet.legal_actions() == legal
            action = rng.choice(legal)
            events = loud.apply(action)
            assert all(e.kind != "quiet" and e.text for e in events), action
            quiet.step(action)
            assert quiet.to_json() == loud.to_json()
        for seat in (None, *range(players)):
            assert quiet.view(seat) == loud.view(seat)


def test_the_turn_moves_and_playable_follow_the_rule_card_by_card():
    w = Weights()
    for players, seed in SEEDS:
        state = GAME.new_game(players, seed)
        rng = Rng(seed)
        while not state.is_terminal:
            assert isinstance(state, ChicagoState)
            for kind in range(len(KINDS)):
                expected = kind not in COUNTERS and reference_playable(state, kind)
                assert state.playable(kind) == expected, (KINDS[kind], state.to_json())
            if state.phase == 0:  # the turn: play (when playable) before discard, by kind
                held = sorted({state.comps.kind_of[c] for c in state.hands[state.player]})
                expected_moves = [str(a) for k in held for a in (
                    [f"play {KINDS[k]}"] if k not in COUNTERS and reference_playable(state, k)
                    else []) + [f"discard {KINDS[k]}"]]
                assert [str(a) for a in state.legal_actions()] == expected_moves
            pos = Position(me=state.player, inplay=[len(p) for p in state.inplay],
                           hitlist=[state.owner[m] for m in state.hitlist],
                           out=list(state.out), war=state.war, permanent=state.permanent)
            assert strengths(pos, w) == reference_strengths(pos, w)
            state.step(rng.choice(state.legal_actions()))


def test_an_action_not_from_the_legal_list_is_judged_as_ever():
    """``_is_legal`` matches by identity first; an equal copy (a parsed action) or an
    illegal one still goes through the full reasons."""
    state = GAME.new_game(3, 5)
    legal = state.legal_actions()
    copy = state.parse_action(str(legal[0]))
    assert copy == legal[0] and copy is not legal[0]
    assert state.why_not(copy) == ""
    discards = {str(a) for a in legal if a.kind == "discard"}
    absent = next(k for k in KINDS if f"discard {k}" not in discards)
    assert state.why_illegal(state.game.grammar.parse(f"discard {absent}")) == (
        f"you hold no {absent.replace('-', ' ').title()} card")
