"""The rulebook's worked examples, played through the real action API (scripted dice)."""

from __future__ import annotations

from gangland.games.gangsters.table import PHASES

from .scenario import (
    BROWN,
    CITY,
    GAME,
    GREEN,
    RED,
    YELLOW,
    E,
    N,
    W,
    allow_all,
    cop,
    door,
    fired,
    gains,
    gang,
    joint,
    kinds,
    legal,
    pays,
    play,
    public,
    roll,
    rolls,
    step,
    table,
    tok,
    where,
)


def phase(state) -> str:
    return PHASES[state.phase]


def idle_cop(state) -> list:
    """The cop phase spent harmlessly: Cop 10 walks along Roosevelt Rd, and it stands."""
    move = next(a for a in state.legal_actions() if a.kind == "cop" and a.args[0] == 10
                and a.args[2] != "inside")
    return play(state, str(move)) + allow_all(state)


def far_cop(state) -> None:
    cop(state, 10, step("Roosevelt Rd 1", E, E, E, E, E), E)


# -- 4.2 gang selection ---------------------------------------------------------------------


def _setup_to_gangs(cheap_red: bool = True):
    """A real setup: Red picks three orange joints ($300, $800 change), Yellow $1,100."""
    state = GAME.new_game(4, seed=3)
    picks = {RED: ["gr", "mq", "ol"] if cheap_red else ["bb", "bk", "mq"],
             YELLOW: ["ah", "ld", "ss"], GREEN: ["nc", "dp", "om"],
             BROWN: ["ab", "vh", "ag"]}
    while phase(state) == "pick":
        play(state, f"joint {picks[state.to_move].pop(0)}")
    return state


def test_4_2_yellow_gets_change_and_red_pays_beyond_2100_with_joint_change():
    state = _setup_to_gangs()
    assert state.cash[RED] == 800 and state.cash[YELLOW] == 0
    gangs = {RED: "gang 6 1 1", YELLOW: "gang 4 3 1", GREEN: "gang 1 1 1",
             BROWN: "gang 2 2 0"}
    events = []
    while phase(state) == "gang":
        # the choice is secret: nobody else sees it before all are revealed
        seat = state.to_move
        events += play(state, gangs[seat])
        if phase(state) == "gang":
            for other in range(4):
                if other != seat:
                    assert "chosen" not in state.view(other)["gangs"][seat]
    cost = {e.data["seat"]: e.data["cost"] for e in events if e.kind == "gang"}
    assert cost[YELLOW] == 1900 and cost[RED] == 2500
    assert gains(events, YELLOW) == [200] and state.cash[YELLOW] == 200
    assert pays(events, RED) == [400] and state.cash[RED] == 400
    assert state.strength[3 * YELLOW:3 * YELLOW + 3] == [4, 3, 1]
    assert state.strength[3 * RED:3 * RED + 3] == [6, 1, 1]
    assert phase(state) == "place"


def test_4_2_red_cannot_afford_2500_without_400_of_joint_change():
    state = _setup_to_gangs(cheap_red=False)  # $500 + $100 + $100: $400 change exactly
    assert state.cash[RED] == 400
    while state.to_move != RED:
        play(state, "gang 1 1 1")
    assert "gang 6 1 1" in legal(state)
    state.cash[RED] = 300
    state._legal_cache = None
    assert "gang 6 1 1" not in legal(state) and "gang 6 1 0" in legal(state)


def test_4_3_every_piece_starts_in_one_of_the_three_joints():
    state = _setup_to_gangs()
    while phase(state) == "gang":
        play(state, "gang 2 2 1")
    assert "start 1 3 2" in legal(state) and "start 0 1 1" not in legal(state)
    while phase(state) == "place":
        play(state, "start 1 1 3")
    red = sorted(b for b, o in enumerate(state.owner) if o == RED)
    assert state.at[3 * RED:3 * RED + 3] == [red[0], red[0], red[2]]
    assert phase(state) == "buy"


# -- 6.4, 6.6 movement ----------------------------------------------------------------------


def test_6_4_the_thug_with_a_black_3():
    state = table(active=GREEN)
    corner = where("Riverside Drive & Central Ave")
    gang(state, GREEN, "racketeer", 2, step(corner, N, N), 2)  # elsewhere on Central Ave
    gang(state, GREEN, "thug", 3, step(corner, N), 2)  # facing south, towards Riverside
    state.at[3 * GREEN] = where("Ontario St 3")
    state.face[3 * GREEN] = E
    far_cop(state)
    roll(state, 1, 1, 1, 1, 3)
    idle_cop(state)
    got = {str(a) for a in state.legal_actions() if a.kind == "move" and a.args[0] == "thug"}
    for end in ("ss inside", "bk inside", f"{tok(step(corner, W, W))} west",
                f"{tok(step(corner, E, E))} east"):
        assert f"move thug {end} criminal" in got and f"move thug {end} citizen" in got
    # never straight back: not onto the space it left, nor back north at all
    assert not any(a.split()[2] in (tok(step(corner, N)), tok(corner)) for a in got)
    assert not any(a.split()[3] == "north" for a in got)


def test_6_4_the_vamp_leaves_the_shop_any_way_and_through_burlys():
    state = table(active=GREEN)
    joint(state, GREEN, "ss")
    gang(state, GREEN, "racketeer", 2, "ss")
    gang(state, GREEN, "vamp", 1, "ss")
    far_cop(state)
    roll(state, 1, 1, 1, 2, 1)
    idle_cop(state)
    ends = {a.args[1] for a in state.legal_actions() if a.kind == "move" and a.args[0] == "vamp"}
    assert tok("Riverside Drive & Central Ave") in ends  # east out of the door
    assert tok(step("ss", W)) in ends  # or west
    assert tok(door("bb")) not in ends  # not through Burly's, not hers
    joint(state, GREEN, "bb")
    ends = {a.args[1] for a in state.legal_actions() if a.kind == "move" and a.args[0] == "vamp"}
    assert tok(door("bb")) in ends


def test_6_6_joint_to_joint_only_when_both_owned_and_joined():
    state = table(active=YELLOW)
    for b in ("ld", "gr", "bb", "mq"):
        joint(state, YELLOW, b)
    gang(state, YELLOW, "racketeer", 2, "ld")
    far_cop(state)
    roll(state, 1, 1, 2, 1, 1)
    idle_cop(state)
    ends = {a.args[1] for a in state.legal_actions() if a.kind == "move"}
    assert "bb" in ends  # via Grinders'
    assert "mq" not in ends  # touching, not joined
    one = table(active=YELLOW)
    for b in ("ld", "gr", "hh"):
        joint(one, YELLOW, b)
    gang(one, YELLOW, "racketeer", 2, "ld")
    far_cop(one)
    roll(one, 1, 1, 1, 1, 1)
    idle_cop(one)
    ends = {a.args[1] for a in one.legal_actions() if a.kind == "move"}
    assert {"gr", "hh", tok(door("ld"))} <= ends and "mq" not in ends


# -- 7.3, 7.5 recruiting ---------------------------------------------------------------------


def _green_recruits(green_die: int):
    state = table(active=GREEN, money=5000)
    joint(state, GREEN, "ss")
    gang(state, GREEN, "racketeer", 3, "ss")
    far_cop(state)
    roll(state, 4, 1, green_die, 1, 1)
    idle_cop(state)
    return state


def test_7_3_green_recruits_three_racketeers_for_1500():
    state = _green_recruits(1)
    moves = legal(state)
    assert {"recruit racketeer 1", "recruit racketeer 2", "recruit racketeer 3"} <= moves
    assert "recruit racketeer 4" not in moves  # blue 4: three gangsters this turn
    events = play(state, "recruit racketeer 3")
    assert pays(events, GREEN) == [1500] and state.strength[3 * GREEN] == 6
    assert not any(a.kind == "recruit" for a in state.legal_actions())


def test_7_3_a_green_2_doubles_the_price():
    state = _green_recruits(2)
    assert pays(play(state, "recruit racketeer 3"), GREEN) == [3000]


def test_7_3_the_cop_die_caps_every_kind_together():
    state = _green_recruits(1)
    state.strength[3 * GREEN] = 8  # four options
    state._legal_cache = None
    play(state, "recruit racketeer 2")
    assert "recruit thug 1" in legal(state) and "recruit thug 2" not in legal(state)
    play(state, "recruit thug 1")  # the new Thug enters in the gang's one joint (7.4)
    assert state.at[3 * GREEN + 1] == where("ss")
    assert not any(a.kind == "recruit" for a in state.legal_actions())


def test_7_5_a_gang_with_no_racketeer_may_only_recruit_racketeers_or_sell():
    state = table(active=GREEN, money=300)
    joint(state, GREEN, "ss")
    joint(state, GREEN, "nc")
    gang(state, GREEN, "thug", 3, "ss")
    far_cop(state)
    roll(state, 1, 1, 2, 1, 1)
    idle_cop(state)
    moves = legal(state)
    # "that move must be used to recruit": no ``done`` while a Racketeer is affordable
    assert moves == {"recruit racketeer 1", "sell ss", "sell nc"}
    play(state, "sell ss")  # the bank pays the base price
    assert state.cash[GREEN] == 600 and state.owner[where("ss")] == -1
    # "he may sell one Joint": the other stays, short of money or not
    assert legal(state) == {"recruit racketeer 1", "recruit racketeer 2"}
    play(state, "recruit racketeer 2")  # $300 x 2
    assert state.cash[GREEN] == 0 and state.at[3 * GREEN] == where("nc")


def no_racketeer(money: int, green: int = 2, blue: int = 1):
    """Green, with no Racketeer, two joints and a Thug, in its Movement Phase."""
    state = table(active=GREEN, money=money)
    joint(state, GREEN, "ss")
    joint(state, GREEN, "nc")
    gang(state, GREEN, "thug", 3, "ss")
    far_cop(state)
    roll(state, blue, 1, green, 1, 1)
    idle_cop(state)
    return state


def test_7_5_the_one_move_must_recruit_a_racketeer_when_one_is_affordable():
    state = no_racketeer(money=200)
    assert "done" not in legal(state) and "recruit racketeer 1" in legal(state)
    broke = no_racketeer(money=0, green=4)  # none affordable, even after a sale ($100 x 4)
    assert "done" in legal(broke)
    play(broke, "sell ss")
    assert legal(broke) == {"done"}


def test_7_5_one_joint_sold_a_turn_and_only_when_short_of_money():
    state = no_racketeer(money=0, green=1)
    play(state, "sell ss")  # $300: one Racketeer for $100, no more sales
    assert not any(a.startswith("sell") for a in legal(state))
    rich = no_racketeer(money=2100, green=1, blue=1)  # six Racketeers (7 - 1) cost $2,100
    assert not any(a.startswith("sell") for a in legal(rich))
    assert "recruit racketeer 6" in legal(rich)


def test_7_5_no_joint_is_sold_to_the_bank_in_the_buy_phase():
    """The sale pays "for the amount of Racketeers desired", whose price (7.2: the green
    die) is known only once the dice are rolled: it belongs to the recruiting move."""
    state = table(active=GREEN, money=0)
    joint(state, GREEN, "ss")
    assert not any(a.startswith("sell") for a in legal(state))


def test_7_5_an_improved_joint_sold_keeps_its_improvements_for_the_next_buyer():
    state = table(active=GREEN, money=0)
    joint(state, GREEN, "ss", level=2)
    far_cop(state)
    roll(state, 1, 1, 1, 1, 1)
    idle_cop(state)
    play(state, "sell ss")
    assert state.cash[GREEN] == 300 and state.level[where("ss")] == 2
    other = table(active=YELLOW, money=300)
    other.level[where("ss")] = 2
    gang(other, YELLOW, "racketeer", 1, "ss")
    events = play(other, "buy")
    assert pays(events, YELLOW) == [300]
    assert other.owner[where("ss")] == YELLOW and other.level[where("ss")] == 2


def test_7_5_a_gang_without_money_racketeers_or_joints_is_out():
    state = table(players=3, active=RED, money=500)
    gang(state, RED, "racketeer", 1, "Ontario St 3", E)
    gang(state, GREEN, "racketeer", 1, "Ontario St 9", E)
    state.cash[YELLOW] = 0
    far_cop(state)
    roll(state, 1, 1, 1, 1, 1)
    idle_cop(state)
    play(state, "done")
    assert state.out[YELLOW] and state.active == GREEN


# -- 8.2, 8.3 payoffs and improvements -------------------------------------------------------


def test_8_2_the_hawthorne_hotel_pays_3600_twice():
    state = table(active=GREEN)
    joint(state, GREEN, "hh", level=2)
    joint(state, GREEN, "ah")
    gang(state, GREEN, "racketeer", 2, "ah")
    gang(state, BROWN, "racketeer", 2, "Ontario St 3", E)
    public(state, 3, step("hh", W), E)  # the x3 public, two steps from the hotel
    far_cop(state)
    roll(state, 1, 2, 1, 1, 1)
    idle_cop(state)
    events = play(state, "public 4 hh inside")
    assert gains(events, GREEN) == [3600]
    assert state.active == BROWN
    roll(state, 1, 1, 1, 1, 1)
    idle_cop(state)
    assert gains(play(state, "done"), GREEN) == [3600]


def test_8_3_two_red_joints_improve_to_level_2_and_three_are_needed_for_level_3():
    state = table(active=GREEN, money=2000)
    joint(state, GREEN, "hh")
    joint(state, GREEN, "ah")
    gang(state, GREEN, "racketeer", 2, "hh")
    assert "improve" in legal(state)
    events = play(state, "improve")
    assert pays(events, GREEN) == [600] and state.level[where("hh")] == 2
    assert "improve" not in legal(state)  # one level a turn
    state.moved = 0
    state._legal_cache = None
    assert "improve" not in legal(state)  # level 3 needs three red joints
    joint(state, GREEN, "hb")
    assert "improve" in legal(state)


# -- 9.5 bribes, 11.6 raids ------------------------------------------------------------------


def test_9_5_a_revealed_bribe_stops_the_cop_move():
    state = table(active=GREEN)
    gang(state, GREEN, "racketeer", 2, "Ontario St 3", E)
    c = cop(state, 3, "Ontario St 9", E)
    state.badge[c] = YELLOW
    roll(state, 2, 1, 1, 1, 1)
    start = state.cop_at[c]
    play(state, f"cop 3 {tok(step('Ontario St 9', E, E))} east")
    asked = []
    while phase(state) == "reveal":
        asked.append(state.to_move)
        if state.to_move == YELLOW:
            assert legal(state) == {"allow", "reveal"}
            events = play(state, "reveal")
            assert "reveal" in kinds(events)
        else:
            assert legal(state) == {"allow"}
            play(state, "allow")
    assert asked == [RED, YELLOW]  # in turn order; the move ends the questions
    assert state.cop_at[c] == start and state.badge[c] == -1
    assert phase(state) == "move"  # no other cop move or bribe this turn
    assert not any(a.kind in ("cop", "bribe", "patrol") for a in state.legal_actions())


def test_9_5_a_bribe_costs_100_times_blue_and_draws_a_secret_badge():
    state = table(active=GREEN, money=1000)
    gang(state, GREEN, "racketeer", 2, "Ontario St 3", E)
    roll(state, 4, 1, 1, 1, 1)
    state.rng.script = [2]  # the third badge in the cup: Cop 4
    events = play(state, "bribe")
    assert pays(events, GREEN) == [400] and state.badge[2] == GREEN
    assert state.view(GREEN)["gangs"][GREEN]["my_badges"] == [4]
    assert "my_badges" not in state.view(YELLOW)["gangs"][GREEN]
    assert state.view(YELLOW)["gangs"][GREEN]["badges"] == 1


def test_11_6_a_raid_costs_a_level_and_sends_public_and_cop_home():
    state = table(active=BROWN)
    b = joint(state, GREEN, "ld", level=2)
    public(state, 1, "ld")
    gang(state, BROWN, "racketeer", 2, "Ontario St 3", E)
    c = cop(state, 5, step("ld", W), E)
    roll(state, 2, 1, 1, 1, 1)
    events = play(state, "cop 5 ld inside") + allow_all(state)
    assert "raid" in kinds(events)
    assert state.level[b] == 1 and state.owner[b] == GREEN
    assert state.pub_at[1] == -1 and state.cop_at[c] == -1


def test_11_6_a_raid_on_a_level_1_joint_removes_it_and_a_criminal_keeps_the_cop():
    state = table(active=BROWN)
    b = joint(state, GREEN, "ld")
    public(state, 1, "ld")
    gang(state, GREEN, "thug", 2, "ld", criminal=True)
    gang(state, BROWN, "racketeer", 2, "Ontario St 3", E)
    c = cop(state, 5, step("ld", W), E)
    roll(state, 2, 1, 1, 1, 1)
    play(state, "cop 5 ld inside")
    allow_all(state)
    assert state.owner[b] == -1 and state.level[b] == 0
    assert state.cop_at[c] == b  # the cop stays for the criminal
    rolls(state, 1, 1, 1, 1, 1, 1)  # the shootout at the end of the turn
    events = play(state, "done")
    assert "shootout" in kinds(events) and state.cop_at[c] == -1


def test_8_5_a_cop_may_end_in_a_gray_building_and_bust_the_criminal_extorting_there():
    """8.5 limits cops in joints only; 11.3 lets a criminal Thug extort "in any unowned
    building (even a gray one) ... if it is not in the same space with a Cop", and 11.5
    has a cop attack a criminal it ends a turn with: a cop must be able to go in (issue
    25: without Donuts it never could, so a criminal there extorted every turn safely)."""
    state = table(active=BROWN)
    dd = where("Dixie Donut Shop")
    p = gang(state, GREEN, "thug", 2, dd, criminal=True)
    gang(state, BROWN, "racketeer", 2, "Ontario St 3", E)
    c = cop(state, 5, door("Dixie Donut Shop"), N)
    roll(state, 1, 1, 1, 1, 1)
    assert f"cop 5 {tok(dd)} inside" in legal(state)
    play(state, f"cop 5 {tok(dd)} inside")
    allow_all(state)
    assert state.cop_at[c] == dd and state.donut[c] == -1  # no Donuts: no marker
    rolls(state, 1, 1, 5, 5, 1, 1, 1, 1, 1)  # the Thug misses twice, the cop hits twice
    events = play(state, "done")
    assert "shootout" in kinds(events) and state.strength[p] == 0
    assert state.cop_at[c] == -1


def test_8_5_a_cop_still_may_not_enter_a_joint_without_a_criminal_or_public():
    state = table(active=BROWN)
    joint(state, GREEN, "ld")
    gang(state, GREEN, "thug", 2, "ld")  # citizen side up
    gang(state, BROWN, "racketeer", 2, "Ontario St 3", E)
    cop(state, 5, step("ld", W), E)
    roll(state, 2, 1, 1, 1, 1)
    assert "cop 5 ld inside" not in legal(state)


# -- 12 the shootout story -------------------------------------------------------------------


def test_12_the_whole_shootout_story():
    state = table(active=GREEN, money=0)
    ld = joint(state, YELLOW, "ld")
    joint(state, YELLOW, "nc")
    joint(state, GREEN, "ss")
    joint(state, RED, "hh")
    joint(state, BROWN, "ab")
    gang(state, YELLOW, "racketeer", 3, "ld")
    public(state, 2, "ld")  # the x2 public in Yellow's joint
    public(state, 0, "Ontario St 5", E)  # another public, far off
    gang(state, GREEN, "racketeer", 1, "ss")
    gang(state, GREEN, "thug", 6, step("ld", W, W), E)
    gang(state, RED, "racketeer", 2, "hh")
    gang(state, BROWN, "racketeer", 2, "ab")
    cop(state, 2, step("ld", E), W)
    cop(state, 4, step("ld", E, E), W)
    far_cop(state)
    state.cash[YELLOW] = 5000

    # Green: the Thug 6 walks into Yellow's joint, white side up
    roll(state, 1, 1, 1, 1, 3)
    idle_cop(state)
    assert "move thug ld inside criminal" in legal(state)
    rolls(state, 4, 4, 5,  2, 3, 4, 4, 5, 6,  1, 4)  # Racketeer, Thug, Guard
    events = play(state, "move thug ld inside criminal")
    assert gains(events, YELLOW) == [200 * 1 * 2]  # Yellow collects from the public
    assert fired(events) == [([4, 4, 5], 0), ([2, 3, 4, 4, 5, 6], 2), ([1, 4], 1)]
    assert phase(state) == "absorb" and state.to_move == YELLOW
    assert legal(state) == {"absorb racketeer", "absorb guard"}
    events = play(state, "absorb racketeer", "absorb racketeer")
    assert state.strength[3 * GREEN + 1] == 5
    assert state.strength[3 * YELLOW] == 1 and state.owner[ld] == YELLOW
    assert state.pub_at[2] == -1 and state.pub_at[0] >= 0  # home with the criminal (6.8)
    assert "public-cup" in kinds(events)

    # Brown: Cop 2 into the crime scene; the Yellow Racketeer neither fires nor is attacked
    assert state.active == BROWN
    roll(state, 2, 1, 1, 1, 1)
    play(state, "cop 2 ld inside")
    allow_all(state)
    rolls(state, 1, 2, 3, 3, 4,  1, 2,  1, 6)  # Thug 5, Guard, Cop 2
    events = play(state, "done")
    if phase(state) == "aim":  # the Thug is shot at by the Guard and the cop: it picks
        events += play(state, "aim cops")
    assert fired(events) == [([1, 2, 3, 3, 4], 0), ([1, 2], 0), ([1, 6], 1)]
    assert state.strength[3 * GREEN + 1] == 4 and state.strength[3 * YELLOW] == 1
    assert state.cop_at[0] == -1  # Cop 2 back in its cup

    # Red: Cop 4 in; the Thug 4 fires back at the joint and takes it; gang war
    assert state.active == RED
    roll(state, 3, 1, 1, 1, 1)
    play(state, "cop 4 ld inside")
    allow_all(state)
    rolls(state, 2, 5, 6, 6,  3, 3,  3, 4, 5, 6)  # Thug 4, Guard, Cop 4
    events = play(state, "done")
    assert phase(state) == "aim" and state.to_move == GREEN
    events += play(state, "aim 2")
    while phase(state) == "absorb":
        assert state.to_move == YELLOW
        events += play(state, "absorb guard")
    assert fired(events) == [([2, 5, 6, 6], 3), ([3, 3], 0), ([3, 4, 5, 6], 2)]
    assert state.strength[3 * GREEN + 1] == 2
    assert state.owner[ld] == -1 and "gang-war" in kinds(events)
    assert state.pub_at == [-1, -1, -1, -1] and state.cop_at[2] == -1
    assert state.strength[3 * YELLOW] == 1 and state.at[3 * YELLOW] == ld

    # Yellow: its one option recruits three Racketeers; no shootout
    assert state.active == YELLOW
    roll(state, 4, 1, 1, 1, 1)
    idle_cop(state)
    events = play(state, "recruit racketeer 3")
    assert state.strength[3 * YELLOW] == 4 and state.at[3 * YELLOW] == ld
    assert "shootout" not in kinds(events)

    # Green: an unmoved Thug starts nothing; it withdraws, colored side up
    assert state.active == GREEN
    roll(state, 1, 1, 1, 1, 3)
    idle_cop(state)
    stay = state.clone()
    assert "shootout" not in kinds(stay.apply(stay.parse_action("done")))
    out = [a for a in state.legal_actions() if a.kind == "move" and a.args[0] == "thug"
           and a.args[3] == "citizen"]
    assert out
    play(state, str(out[0]))
    assert not state.criminal[3 * GREEN + 1] and state.at[3 * GREEN + 1] != ld


# -- 13 vamps --------------------------------------------------------------------------------


def _vamp_table(**options):
    """Green's Racketeer 3 in Nick's Cigar Store, its Vamp two steps from the Shop 'n'
    Save's door, walking towards it (a red 3 takes her in)."""
    state = table(active=GREEN, money=100, **options)  # nobody is out (7.5)
    joint(state, GREEN, "nc")
    gang(state, GREEN, "racketeer", 3, "nc")
    gang(state, GREEN, "vamp", 1, step("ss", W, W), E)
    far_cop(state)
    return state


def test_13_1_the_vamp_seduces_a_thug():
    state = _vamp_table()
    gang(state, YELLOW, "thug", 3, "ss")
    gang(state, GREEN, "thug", 2, "Ontario St 3", E)
    roll(state, 1, 1, 1, 3, 1)
    idle_cop(state)
    assert "move vamp ss inside citizen" in legal(state)
    events = play(state, "move vamp ss inside citizen")
    assert "seduce" in kinds(events)
    assert state.strength[3 * YELLOW + 1] == 2 and state.strength[3 * GREEN + 1] == 3


def test_13_1_a_criminal_vamp_does_not_seduce():
    state = _vamp_table()
    gang(state, YELLOW, "thug", 3, "ss")
    roll(state, 1, 1, 1, 3, 1)
    idle_cop(state)
    events = play(state, "move vamp ss inside criminal")
    assert "seduce" not in kinds(events) and state.strength[3 * YELLOW + 1] == 3


def test_13_1_a_seduced_racketeer_earns_an_option_at_once_and_a_new_thug_enters():
    state = _vamp_table()
    gang(state, YELLOW, "racketeer", 2, "ss")
    roll(state, 1, 1, 1, 3, 1)
    idle_cop(state)
    play(state, "move vamp ss inside citizen")
    assert state.strength[3 * GREEN] == 4 and state.strength[3 * YELLOW] == 1
    assert phase(state) == "move" and state.active == GREEN  # a second option
    fresh = _vamp_table()
    gang(fresh, YELLOW, "thug", 1, "ss")
    roll(fresh, 1, 1, 1, 3, 1)
    idle_cop(fresh)
    play(fresh, "move vamp ss inside citizen")
    assert fresh.strength[3 * YELLOW + 1] == 0 and fresh.at[3 * YELLOW + 1] == -1
    assert fresh.strength[3 * GREEN + 1] == 1 and fresh.at[3 * GREEN + 1] == where("nc")


def test_13_3_a_vamp_enters_an_opposing_joint_unharmed():
    state = _vamp_table()
    joint(state, YELLOW, "ss")
    roll(state, 1, 1, 1, 3, 1)
    idle_cop(state)
    assert "move vamp ss inside citizen" in legal(state)
    events = play(state, "move vamp ss inside citizen")
    assert "shootout" not in kinds(events) and state.strength[3 * GREEN + 2] == 1
    assert state.owner[where("ss")] == YELLOW


# -- 15 victory ------------------------------------------------------------------------------


def _winner(**options):
    state = table(active=GREEN, money=100, **options)  # nobody else is out (7.5)
    gang(state, GREEN, "racketeer", 2, "Ontario St 3", E)
    gang(state, GREEN, "thug", 1, "Ontario St 9", E)
    gang(state, GREEN, "vamp", 1, "Ontario St 15", E)
    far_cop(state)
    return state


def _end_turn(state):
    roll(state, 1, 1, 1, 1, 1)
    idle_cop(state)
    return play(state, "done")


def test_15_1_every_red_joint_wins():
    state = _winner()
    for b in ("hh", "ah", "hb", "ac"):
        joint(state, GREEN, b)
    events = _end_turn(state)
    assert state.is_terminal and state.winners() == [GREEN]
    assert [e.data["why"] for e in events if e.kind == "end"] == ["every red joint"]


def test_15_1_ten_joints_or_ten_thousand_win_but_not_without_a_vamp():
    state = _winner()
    for b in ("ld", "nc", "dp", "om", "ab", "vh", "ag", "bk", "gr", "mq"):
        joint(state, GREEN, b)  # ten joints, no colour complete
    _end_turn(state)
    assert state.winners() == [GREEN]
    rich = _winner()
    rich.cash[GREEN] = 10_000
    _end_turn(rich)
    assert rich.winners() == [GREEN]
    poorer = _winner(cash=20_000)
    poorer.cash[GREEN] = 10_000
    _end_turn(poorer)
    assert not poorer.is_terminal
    novamp = _winner()
    novamp.cash[GREEN] = 10_000
    novamp.strength[3 * GREEN + 2], novamp.at[3 * GREEN + 2] = 0, -1
    _end_turn(novamp)
    assert not novamp.is_terminal


def test_15_1_improvements_are_not_extra_joints():
    state = _winner()
    for b in ("ld", "nc", "dp", "om", "ab", "vh", "ag", "bk", "gr"):
        joint(state, GREEN, b, level=2)  # nine joints, no colour complete
    _end_turn(state)
    assert not state.is_terminal


def test_15_2_a_time_limit_ends_on_net_worth_with_improvements():
    state = table(players=2, active=RED, rounds=1)
    joint(state, RED, "hh", level=2)  # $1,200
    joint(state, YELLOW, "ld")  # $200
    state.cash = [100, 1000]
    gang(state, RED, "racketeer", 1, "hh")
    gang(state, YELLOW, "racketeer", 1, "ld")
    gang(state, YELLOW, "thug", 1, "Ontario St 3", E)
    far_cop(state)
    _end_turn(state)
    assert not state.is_terminal
    _end_turn(state)
    assert state.is_terminal and state.winners() == [RED]
    assert state.scores() == [1300.0, 1200.0]


# -- 16 advanced options ---------------------------------------------------------------------


def test_16_2_wheels_red_combines_green_red_and_black():
    state = table(active=RED, wheels=True, money=2000)
    joint(state, RED, "hh")
    gang(state, RED, "racketeer", 6, "db")  # in a gray building: may buy Wheels
    gang(state, RED, "thug", 2, "Ontario St 3", E)
    gang(state, RED, "vamp", 1, "Ontario St 15", E)
    public(state, 0, "Roosevelt Rd 3", E)
    public(state, 1, "Ontario St 25", E)
    far_cop(state)
    assert "equip wheels" in legal(state)
    assert pays(play(state, "equip wheels"), RED) == [1000]
    roll(state, 3, 5, 4, 2, 2)
    idle_cop(state)
    for k in (1, 2):
        move = next(a for a in state.legal_actions() if a.kind == "public"
                    and a.args[0] == k)
        play(state, str(move))
    assert state.used == 2 and phase(state) == "move"
    moves = state.legal_actions()
    verbs = {(a.kind, a.args[0]) for a in moves if a.args}
    assert {("wheels", "racketeer"), ("move", "racketeer"), ("wheels", "thug"),
            ("move", "thug"), ("wheels", "vamp"), ("move", "vamp")} <= verbs
    # an 8 is not a 4: the wheels ends differ from the plain ones
    plain = {a.args[1] for a in moves if a.kind == "move" and a.args[0] == "racketeer"}
    driven = {a.args[1] for a in moves if a.kind == "wheels" and a.args[0] == "racketeer"}
    assert driven and driven != plain
    drive = next(a for a in moves if a.kind == "wheels" and a.args[0] == "racketeer")
    play(state, str(drive))
    assert state.active != RED  # the third option was the last


def test_16_1_heaters_hit_on_4_and_16_3_the_siren_seduces_twice():
    state = table(active=GREEN, heaters=True, siren=True, money=2000)
    joint(state, YELLOW, "ld")
    gang(state, GREEN, "racketeer", 2, "Ontario St 3", E)
    gang(state, GREEN, "thug", 2, "db")
    gang(state, GREEN, "vamp", 1, "us")
    assert {"equip heaters", "equip siren"} <= legal(state)
    play(state, "equip heaters", "equip siren")
    assert state.cash[GREEN] == 700
    assert state.gear[GREEN] == 0b110


def test_16_3_the_siren_seduces_a_thug_and_a_racketeer_then_is_a_vamp_again():
    state = _vamp_table(siren=True)
    state.gear[GREEN] = 0b100
    gang(state, YELLOW, "thug", 3, "ss")
    gang(state, BROWN, "racketeer", 2, "ss")
    gang(state, GREEN, "thug", 1, "Ontario St 3", E)
    roll(state, 1, 1, 1, 3, 1)
    idle_cop(state)
    play(state, "move vamp ss inside citizen")
    assert legal(state) == {"seduce 2 thug", "seduce 4 racketeer"}  # one of each, or two
    events = play(state, "seduce 2 thug", "seduce 4 racketeer")
    assert kinds(events).count("seduce") == 2
    assert state.strength[3 * YELLOW + 1] == 2 and state.strength[3 * BROWN] == 1
    assert state.strength[3 * GREEN + 1] == 2 and state.strength[3 * GREEN] == 4
    assert not state.gear[GREEN] & 0b100  # the thrill is gone


def test_16_1_heaters_in_a_shootout():
    state = table(active=GREEN, heaters=True)
    b = joint(state, YELLOW, "ld", level=1)
    gang(state, GREEN, "racketeer", 2, "Ontario St 3", E)
    gang(state, GREEN, "thug", 2, step("ld", W, W), E)
    state.gear[GREEN] = 0b010
    far_cop(state)
    roll(state, 1, 1, 1, 1, 3)
    idle_cop(state)
    rolls(state, 4, 4, 1, 1)  # Thug (hits on 4 with Heaters), Guard
    events = play(state, "move thug ld inside criminal")
    assert fired(events)[0] == ([4, 4], 2)
    assert state.owner[b] == -1


def test_city_names_used_here_exist():
    for name in ("Roosevelt Rd 1", "Ontario St 3", "Ontario St 25", "Roosevelt Rd 3"):
        assert CITY.street[where(name)]


def test_13_2_only_a_racketeer_or_a_cop_may_attack_a_vamp():
    state = table(active=GREEN, money=100)
    here = step("ld", W)
    gang(state, YELLOW, "vamp", 1, here, E)
    gang(state, GREEN, "racketeer", 4, step("ld", W, W, W), E)  # two options
    gang(state, GREEN, "thug", 2, "Ontario St 3", E)
    far_cop(state)
    roll(state, 1, 1, 2, 1, 2)
    idle_cop(state)
    thug = state.clone()
    thug.at[3 * GREEN + 1], thug.face[3 * GREEN + 1] = step("ld", W, W, W), E
    thug.at[3 * GREEN] = where("Ontario St 9")
    thug._legal_cache = None
    events = play(thug, f"move thug {tok(here)} east criminal", "done")
    assert "shootout" not in kinds(events) and thug.active == BROWN  # no hit to declare
    play(state, f"move racketeer {tok(here)} east criminal", "done")
    assert legal(state) == {"hit 2", "hold"}
