#!/usr/bin/env python3
"""The yardstick for `wheel chart --births`: the same births through pyswisseph (Moshier mode: no data files) in one
Python loop, as an app's server would do it: the local time to UT (zoneinfo), then the Sun to Pluto, the mean and
true nodes and mean Lilith (13 bodies, with speeds) and Placidus cusps. Prints the loop's time; checking only,
never a source of numbers for the toolkit. `--every-body` adds Chiron, Ceres, Pallas, Juno and Vesta, which the
Swiss Ephemeris reads from its asteroid file seas_18.se1 (AGPL, not shipped with pyswisseph): without that file
it says so and times the bodies it can compute.
    python3 scripts/pyswisseph-baseline.py Performance/births-4000.jsonl [--every-body]"""
import json, sys, time
from datetime import datetime
from zoneinfo import ZoneInfo
import swisseph as swe

BODIES = [swe.SUN, swe.MOON, swe.MERCURY, swe.VENUS, swe.MARS, swe.JUPITER, swe.SATURN, swe.URANUS, swe.NEPTUNE,
          swe.PLUTO, swe.MEAN_NODE, swe.TRUE_NODE, swe.MEAN_APOG]


MINOR_BODIES = [swe.CHIRON, swe.CERES, swe.PALLAS, swe.JUNO, swe.VESTA]


def computable(bodies):
    """The bodies this installation computes: the asteroids need seas_18.se1 on the ephemeris path."""
    found = []
    for body in bodies:
        try:
            swe.calc_ut(2451545.0, body, swe.FLG_SPEED)
            found.append(body)
        except swe.Error as error:
            print(f"pyswisseph cannot compute {swe.get_planet_name(body)}: {error}", file=sys.stderr)
    return found


def main():
    births = [json.loads(line) for line in open(sys.argv[1])]
    bodies = BODIES + (computable(MINOR_BODIES) if "--every-body" in sys.argv else [])
    start = time.perf_counter()
    for birth in births:
        local = datetime.fromisoformat(f"{birth['date']}T{birth['time']}").replace(tzinfo=ZoneInfo(birth["zone"]))
        utc = local.astimezone(ZoneInfo("UTC"))
        jd = swe.julday(utc.year, utc.month, utc.day, utc.hour + utc.minute / 60 + utc.second / 3600)
        for body in bodies:
            # The planets in Moshier mode (no files); the asteroids only from their file, when it is there.
            swe.calc_ut(jd, body, (swe.FLG_MOSEPH if body in BODIES else 0) | swe.FLG_SPEED)
        try:
            swe.houses_ex(jd, birth["latitude"], birth["longitude"], b"P")
        except swe.Error:
            swe.houses_ex(jd, birth["latitude"], birth["longitude"], b"O")
    elapsed = time.perf_counter() - start
    print(f"pyswisseph {swe.version}: {len(births)} births, {len(bodies)} bodies and Placidus cusps, in {elapsed:.3f} s, "
          f"{elapsed / len(births) * 1e6:.0f} µs a birth")


if __name__ == "__main__":
    main()
