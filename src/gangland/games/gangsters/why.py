"""Why a well-formed Gangsters action is refused: the reason, in words a player can act on.

``GangstersState._why_illegal`` asks :func:`why_not`. A reason is built only from what the
seat to move may know: the public board (joints, pieces, dice, the cops), the legal actions
(which that seat is shown anyway) and its own figures (its cash and its gang, even under
secret cash: the refusal goes to the one who typed the action). It never names another
player's secret gang, bribe badges or hidden cash: where the true reason would (``ask`` more
than a partner holds under secret cash, ``reveal`` without the cop's badge), it lists the
legal choices instead, which the seat to move already sees.

>>> import gangland
>>> state = gangland.load("gangsters").new_game(players=3, seed=3)
>>> from gangland.engine import Action
>>> why_not(state, Action("joint", ("md",)))
"md (Marshall's Department Store) is gray: a gray building is never a joint"
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from gangland.engine import Action, counted, seat_label

from .components import KINDS
from .economy import BOUGHT
from .table import (
    BLUE,
    DICE,
    DIE_OF,
    GANG,
    MOVE,
    PICK,
    PLACE,
    PUBLIC,
    RACKETEER,
    VAMP,
    WHITE,
    cost,
)
from .table import BUY as BUY_PHASE
from .view import why as decision

if TYPE_CHECKING:
    from .rules import GangstersState

#: How many legal choices a reason lists before it only counts them.
SHOWN = 10
#: ``moved`` bit of Wheels used this turn (moving.WHEELS_USED; not imported: a cycle).
_WHEELS_USED = 1 << 3


def why_not(state: GangstersState, action: Action) -> str:
    """The reason ``action`` (well formed, not legal now) is refused."""
    legal = state.legal_actions()
    same = [a for a in legal if a.kind == action.kind]
    explain = _REASONS.get(action.kind)
    reason = explain(state, action, same) if explain is not None else ""
    if reason:
        return reason
    if not same:
        verbs = ", ".join(dict.fromkeys(a.kind for a in legal))
        return f"not now: {decision(state).rstrip('.')} (legal now: {verbs})"
    return _not_among(action, same)


def _not_among(action: Action, same: Sequence[Action]) -> str:
    """The fallback: the legal actions of the same verb, listed when few."""
    listed = ", ".join(str(a) for a in same[:SHOWN])
    more = f" and {len(same) - SHOWN} more" if len(same) > SHOWN else ""
    return (f"{action.kind} is legal now only as: {listed}{more}" if len(same) > 1
            else f"{action.kind} is legal now only as: {listed}")


def _name(state: GangstersState, token: str) -> str:
    """``hh (Hawthorne Hotel)``."""
    return f"{token} ({state.comps.city.names[state.space_of(token)]})"


def _whose(state: GangstersState, seat: int) -> str:
    """``your`` or ``P2's`` (joints are public: who owns one is no secret)."""
    return "your" if seat == state.to_move else f"{seat_label(seat)}'s"


# ----- setup ---------------------------------------------------------------------------------


def _joint(state: GangstersState, action: Action, same: Sequence[Action]) -> str:
    """4.1: a free colored building that still leaves room in the $1,100 budget."""
    if state.phase != PICK:
        return ""
    city, token = state.comps.city, str(action.args[0])
    b = state.space_of(token)
    if city.street[b]:
        return f"{_name(state, token)} is a street space, not a building"
    if city.colour[b] == "gray":
        return f"{_name(state, token)} is gray: a gray building is never a joint"
    if state.owner[b] >= 0:
        return f"{_name(state, token)} is already {_whose(state, state.owner[b])} joint"
    mine = state.joints(state.to_move)
    spent = sum(city.value[j] for j in mine)
    left = state.fig.start_joints - len(mine) - 1
    budget = state.fig.joint_budget
    free = sorted(city.value[j] for j in city.buildings
                  if j != b and city.colour[j] != "gray" and state.owner[j] < 0)
    cheapest = sum(free[:left])
    after = (f" and {counted(left, 'more joint')} to pick (${cheapest:,} at the least)"
             if left else "")
    return (f"{_name(state, token)} is worth ${city.value[b]:,}: with your joints so far "
            f"(${spent:,}){after}, that is over the ${budget:,} budget")


def _gang(state: GangstersState, action: Action, same: Sequence[Action]) -> str:
    """4.2: no more than the most of each kind, within $2,100 plus the joints' change."""
    if state.phase != GANG:
        return ""
    counts = [int(a) for a in action.args]
    for kind, (n, most) in enumerate(zip(counts, state.fig.most, strict=True)):
        if n > most:
            return f"a gang has at most {counted(most, KINDS[kind].title())}, not {n}"
    step = state.fig.step
    price = sum(cost(kind, 0, n, step) for kind, n in enumerate(counts))
    change = state.cash[state.to_move]
    budget = state.fig.gang_budget + change
    return (f"that gang costs ${price:,}: your budget is ${state.fig.gang_budget:,} plus "
            f"your ${change:,} change from the joints, ${budget:,}")


def _start(state: GangstersState, action: Action, same: Sequence[Action]) -> str:
    """4.3: each piece the gang has starts in one of its joints (1 to 3); others 0."""
    if state.phase != PLACE:
        return ""
    seat = state.to_move
    joints = len(state.joints(seat))
    for kind, j in enumerate(int(a) for a in action.args):
        have = state.strength[state.piece(seat, kind)]
        if not have and j:
            return f"your gang has no {KINDS[kind].title()}: its joint must be 0"
        if have and not j:
            return (f"your {KINDS[kind].title()} must start in one of your joints "
                    f"(1 to {joints})")
        if j > joints:
            return f"you have {counted(joints, 'joint')}: choose 1 to {joints}, not {j}"
    return ""


# ----- a turn --------------------------------------------------------------------------------


def _buy(state: GangstersState, action: Action, same: Sequence[Action]) -> str:
    """8.1, 8.3: the Racketeer stands in the building, once a turn, with the cash."""
    if state.phase != BUY_PHASE or state.active == state.commissioner:
        return ""
    seat, city = state.active, state.comps.city
    here = state.at[state.piece(seat, RACKETEER)]
    if here < 0 or city.street[here]:
        return f"your Racketeer must stand in the building to {action.kind} it"
    name = _name(state, state.tok(here))
    if state.moved & BOUGHT:
        return "you have already bought or improved a joint this turn"
    if action.kind == "buy":
        if city.colour[here] == "gray":
            return f"{name} is gray: a gray building is never a joint"
        if state.owner[here] >= 0:
            return f"{name} is already {_whose(state, state.owner[here])} joint"
        if len(state.joints(seat)) >= state.fig.markers:
            return f"you already have {counted(state.fig.markers, 'joint')}, the most"
    elif state.owner[here] != seat:
        return f"{name} is not your joint"
    elif not state._can_improve(here):
        return (f"{name} is at level {state.level[here]}: the next level needs "
                f"{counted(state.level[here] + 1, city.colour[here] + ' joint')} of yours")
    if state.cash[seat] < city.value[here]:
        return f"{name} costs ${city.value[here]:,} and you have ${state.cash[seat]:,}"
    return ""


def _move(state: GangstersState, action: Action, same: Sequence[Action]) -> str:
    """6.1-6.8: which piece may move, how far (its die) and where it may end."""
    if state.phase != MOVE or state.active == state.commissioner:
        return ""
    seat, kind = state.active, KINDS.index(str(action.args[0]))
    title = KINDS[kind].title()
    p = state.piece(seat, kind)
    if not state.strength[state.piece(seat, RACKETEER)]:
        return "with no Racketeer your one option must recruit Racketeers (7.5)"
    if not state.strength[p] or state.at[p] < 0:
        return f"your gang has no {title} on the board"
    if state.moved >> kind & 1:
        return f"your {title} has already moved or recruited this turn"
    die = DIE_OF[kind]
    steps = state.dice[die]
    how = f"{steps} ({DICE[die]} die)"
    if action.kind == "wheels":
        if not state.gear[seat] & 1:
            return "your gang has no Wheels"
        if state.moved & _WHEELS_USED:
            return "your Wheels are used already this turn"
        steps = sum(state.dice[d] for d in DIE_OF)
        how = f"{steps} (the green, red and black dice)"
    ends = [a for a in same if a.args[0] == action.args[0]]
    where = f"from {_name(state, state.tok(state.at[p]))}"
    return _ends(state, action, ends, 1, f"your {title} moves exactly {how} {where}")


def _public(state: GangstersState, action: Action, same: Sequence[Action]) -> str:
    """6.8: a public piece on the board, once a turn, by the white die."""
    if state.phase not in (MOVE, PUBLIC):
        return ""
    k = int(action.args[0]) - 1
    if state.phase == PUBLIC and k != state.pending[0]:
        return f"now public piece {state.pending[0] + 1} moves, the one that came up"
    if k >= len(state.pub_at) or state.pub_at[k] < 0:
        return f"public piece {k + 1} is not on the board"
    if state.moved >> (4 + k) & 1:
        return f"public piece {k + 1} has already moved this turn"
    ends = [a for a in same if a.args[0] == action.args[0]]
    where = f"from {_name(state, state.tok(state.pub_at[k]))}"
    return _ends(state, action, ends, 1,
                 f"public piece {k + 1} moves exactly {state.dice[WHITE]} (white die) {where}")


def _ends(state: GangstersState, action: Action, ends: Sequence[Action], at: int,
          how: str) -> str:
    """Where a move may end (``args[at]``) and, there, which facings it may take."""
    space = action.args[at]
    if not ends:
        return f"{how} and cannot end anywhere"
    spaces = list(dict.fromkeys(str(a.args[at]) for a in ends))
    if space not in spaces:
        listed = ", ".join(spaces[:SHOWN]) + (f" and {len(spaces) - SHOWN} more"
                                              if len(spaces) > SHOWN else "")
        return f"{how}: it cannot end on {_name(state, str(space))}; it can end on {listed}"
    facings = list(dict.fromkeys(str(a.args[at + 1]) for a in ends if a.args[at] == space))
    return (f"on {_name(state, str(space))} it can only face "
            f"{' or '.join(facings)}, not {action.args[at + 1]}")


def _recruit(state: GangstersState, action: Action, same: Sequence[Action]) -> str:
    """7.3: seven minus the blue die a turn, the most in play, and the price by the die."""
    if state.phase != MOVE or state.active == state.commissioner:
        return ""
    seat, kind, n = state.active, KINDS.index(str(action.args[0])), int(action.args[1])
    title = KINDS[kind].title()
    p = state.piece(seat, kind)
    if state.moved >> kind & 1:
        return f"your {title} has already moved or recruited this turn"
    most = state.fig.most[kind]
    if state.strength[p] + n > most:
        return (f"a gang has at most {counted(most, title)} in play; yours has "
                f"{state.strength[p]}")
    room = 7 - state.dice[BLUE] - state.recruits
    if n > room:
        return (f"you may recruit {counted(max(room, 0), 'more gangster')} this turn "
                f"(seven minus the blue die {state.dice[BLUE]}, less {state.recruits} recruited)")
    die = DIE_OF[kind]
    price = cost(kind, state.strength[p], n, state.fig.step)
    what = (f"a Vamp costs ${price:,}" if kind == VAMP
            else f"{counted(n, title)} cost ${price:,}")
    return (f"{what} x {state.dice[die]} ({DICE[die]} die) = "
            f"${price * state.dice[die]:,}; you have ${state.cash[seat]:,}")


def _own_joint(state: GangstersState, action: Action, same: Sequence[Action]) -> str:
    """``sell``, ``give`` and ``place`` name one of your own joints."""
    token = str(action.args[0])
    b = state.space_of(token)
    seat = state.active
    if not same or b in state.joints(seat):
        return ""
    owner = state.owner[b]
    whose = "nobody's joint" if owner < 0 else f"{_whose(state, owner)} joint"
    return f"{_name(state, token)} is {whose}, not yours"


def _take(state: GangstersState, action: Action, same: Sequence[Action]) -> str:
    """``take`` names a joint of the partner's."""
    if not same or not state.deal:
        return ""
    partner = state.deal[0]
    token = str(action.args[0])
    if state.space_of(token) in state.joints(partner):
        return ""
    return f"{_name(state, token)} is not a joint of {seat_label(partner)}'s"


Reason = Callable[["GangstersState", Action, Sequence[Action]], str]
_REASONS: dict[str, Reason] = {
    "joint": _joint, "gang": _gang, "start": _start, "buy": _buy, "improve": _buy,
    "move": _move, "wheels": _move, "public": _public, "recruit": _recruit,
    "sell": _own_joint, "give": _own_joint, "place": _own_joint, "take": _take,
}

__all__ = ["why_not"]
