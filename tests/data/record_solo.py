#!/usr/bin/env python3
"""Records the standard game that tests/it/game_replay.rs replays by mail.

Germany plays to win: each spring and fall its units take the nearest
supply centres they can reach, with a supporting unit when the centre is
held. Everybody else holds every unit, retreats where it can, waives its
builds and removes what it must. The game is adjudicated by the `diplomacy`
package from PyPI (an adjudicator independent of this judge), so the
positions recorded after each phase are a check on the judge, not a copy
of it.

Usage (not needed to run the tests; the recording is committed):

    python3 -m venv /tmp/dip && /tmp/dip/bin/pip install diplomacy==1.1.2
    /tmp/dip/bin/python tests/data/record_solo.py > tests/data/solo_game.txt

The output format, one record per line:

    PHASE S1901M                     a phase that was played
    ORDER Germany A BER - KIE        an order as a player mails it
    UNITS Germany A KIE F DEN ...    a power's units after the phase
    DISLODGED Russia A WAR           its units dislodged, waiting to retreat
    CENTERS Germany BER DEN ...      a power's centres after the phase
    WINNER Germany                   the game ended in a solo victory
"""

import sys
from collections import deque

from diplomacy import Game

WINNER = "GERMANY"
POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def province(loc):
    return loc.split("/")[0].upper()


def is_move(order):
    """`A BER - KIE`: a plain move (not a support, convoy or convoyed move)."""
    words = order.split()
    return len(words) == 4 and words[2] == "-"


def distances(game, sources):
    """Steps from the nearest source province, over any border."""
    seen = {s: 0 for s in sources}
    queue = deque(sources)
    while queue:
        here = queue.popleft()
        for there in game.map.abut_list(here, incl_no_coast=True):
            there = province(there)
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def owner_of(game):
    owners = {}
    for power in POWERS:
        for center in game.get_centers(power):
            owners[center] = power
    return owners


def occupant(game):
    where = {}
    for power in POWERS:
        for unit in game.get_units(power):
            where[province(unit.split()[1].lstrip("*"))] = (power, unit)
    return where


def winner_moves(game):
    """Germany's movement orders: supported attacks on the nearest centres."""
    possible = game.get_all_possible_orders()
    owners = owner_of(game)
    where = occupant(game)
    units = game.get_units(WINNER)
    locs = {u: u.split()[1] for u in units}
    targets = [c for c in game.map.scs if owners.get(c) != WINNER]
    free = list(units)
    orders = {}
    claimed = set()

    def moves_to(unit, target):
        return [o for o in possible[locs[unit]]
            if is_move(o) and province(o.split()[3]) == target]

    near = distances(game, [province(locs[u]) for u in units])
    for target in sorted(targets, key=lambda c: (near.get(c, 99), c)):
        attackers = [u for u in free if moves_to(u, target)]
        held = target in where and where[target][0] != WINNER
        if not attackers or (held and len(attackers) < 2):
            continue
        mover = attackers[0]
        move = moves_to(mover, target)[0]
        orders[mover] = move
        free.remove(mover)
        claimed.add(target)
        if held:
            helper = attackers[1]
            wanted = f"{helper} S {move}"
            support = [o for o in possible[locs[helper]] if o == wanted]
            if support:
                orders[helper] = support[0]
                free.remove(helper)
    goal = distances(game, [c for c in targets])
    for unit in free:
        here = province(locs[unit])
        best = None
        for order in possible[locs[unit]]:
            if not is_move(order):
                continue
            there = province(order.split()[3])
            occupied = there in where
            if there in claimed or occupied:
                continue
            if goal.get(there, 99) < goal.get(here, 99) and (
                    best is None or goal[there] < goal[best[0]]):
                best = (there, order)
        if best:
            orders[unit] = best[1]
            claimed.add(best[0])
        else:
            orders[unit] = f"{unit} H"
    return [orders[u] for u in units]


def retreats(game, power):
    possible = game.get_all_possible_orders()
    orders = []
    for loc in game.get_orderable_locations(power):
        options = sorted(o for o in possible[loc] if " R " in o)
        disband = [o for o in possible[loc] if o.endswith(" D")]
        orders.append(options[0] if options else disband[0])
    return orders


def adjustments(game, power):
    possible = game.get_all_possible_orders()
    due = len(game.get_centers(power)) - len(game.get_units(power))
    if due < 0:
        units = sorted(game.get_units(power), key=lambda u: u.split()[1])
        return [f"{u} D" for u in units[:-due]]
    if due == 0:
        return []
    if power != WINNER:
        return ["WAIVE"] * due
    orders = []
    for loc in sorted(game.get_orderable_locations(power)):
        builds = [o for o in possible[loc] if o.endswith(" B")]
        armies = [o for o in builds if o.startswith("A ")]
        if builds and len(orders) < due:
            orders.append((armies or builds)[0])
    return orders + ["WAIVE"] * (due - len(orders))


def njudge(order):
    """An order of the `diplomacy` package as a player mails it to the judge."""
    words = order.split()
    if order == "WAIVE":
        return "WAIVE"
    if words[-1] == "B":
        return "Build " + " ".join(words[:-1])
    if words[-1] == "D":
        return ("Remove " if phase_kind == "A" else "") + " ".join(words[:-1]) + (
            "" if phase_kind == "A" else " disband")
    if len(words) > 2 and words[2] == "R":
        return " ".join(words[:2]) + " - " + words[3]
    return order


def power_name(power):
    return power.capitalize()


game = Game(map_name="standard")
print("# A standard game to a German solo victory; see record_solo.py.")
while not game.is_game_done:
    phase = game.get_current_phase()
    phase_kind = phase[-1]
    orders = {}
    if phase_kind == "M":
        for power in POWERS:
            if power == WINNER:
                orders[power] = winner_moves(game)
            else:
                orders[power] = [f"{u} H" for u in game.get_units(power)]
    elif phase_kind == "R":
        for power in POWERS:
            orders[power] = retreats(game, power)
    else:
        for power in POWERS:
            orders[power] = adjustments(game, power)
    ours = "F" + phase[1:5] + "B" if phase_kind == "A" else phase
    print(f"PHASE {ours}")
    for power in POWERS:
        for order in orders[power]:
            print(f"ORDER {power_name(power)} {njudge(order)}")
        game.set_orders(power, orders[power])
    game.process()
    for power in POWERS:
        units = " ".join(u for u in game.get_units(power) if not u.startswith("*"))
        dislodged = " ".join(u[1:] for u in game.get_units(power) if u.startswith("*"))
        centers = " ".join(sorted(game.get_centers(power)))
        print(f"UNITS {power_name(power)} {units}".rstrip())
        if dislodged:
            print(f"DISLODGED {power_name(power)} {dislodged}")
        print(f"CENTERS {power_name(power)} {centers}".rstrip())
    if int(phase[1:5]) > 1930:
        sys.exit("no solo by 1930: the script needs a better plan")
winners = [p for p in POWERS if len(game.get_centers(p)) >= 18]
print(f"WINNER {power_name(winners[0])}")
