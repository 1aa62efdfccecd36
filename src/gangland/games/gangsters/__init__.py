"""Gangsters (Don Greenwood, Avalon Hill 1992): two to four gangs fight over a city map.

Each gang buys joints (coloured buildings), recruits Racketeers, Thugs and a Vamp, and moves
them by exact dice counts along the streets, turning only at intersections and riding the
six subways; cops patrol, the public is lured into joints for payoffs, and shootouts settle
the rest. A gang wins with a full set of one colour, any ten joints, or $10,000. This
package holds the printed components as data (the city map is in ``city.txt``); the game
declaration and rules are added separately.
"""

from __future__ import annotations
