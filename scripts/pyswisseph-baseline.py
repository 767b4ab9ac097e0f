#!/usr/bin/env python3
"""The yardstick for `wheel chart --births`: the same births through pyswisseph (Moshier mode: no data files) in one
Python loop, as an app's server would do it: the local time to UT (zoneinfo), then the Sun to Pluto, the mean and
true nodes and mean Lilith (13 bodies, with speeds) and Placidus cusps. Prints the loop's time; checking only,
never a source of numbers for the toolkit.
    python3 scripts/pyswisseph-baseline.py Performance/births-4000.jsonl"""
import json, sys, time
from datetime import datetime
from zoneinfo import ZoneInfo
import swisseph as swe

BODIES = [swe.SUN, swe.MOON, swe.MERCURY, swe.VENUS, swe.MARS, swe.JUPITER, swe.SATURN, swe.URANUS, swe.NEPTUNE,
          swe.PLUTO, swe.MEAN_NODE, swe.TRUE_NODE, swe.MEAN_APOG]


def main():
    births = [json.loads(line) for line in open(sys.argv[1])]
    start = time.perf_counter()
    for birth in births:
        local = datetime.fromisoformat(f"{birth['date']}T{birth['time']}").replace(tzinfo=ZoneInfo(birth["zone"]))
        utc = local.astimezone(ZoneInfo("UTC"))
        jd = swe.julday(utc.year, utc.month, utc.day, utc.hour + utc.minute / 60 + utc.second / 3600)
        for body in BODIES:
            swe.calc_ut(jd, body, swe.FLG_MOSEPH | swe.FLG_SPEED)
        try:
            swe.houses_ex(jd, birth["latitude"], birth["longitude"], b"P")
        except swe.Error:
            swe.houses_ex(jd, birth["latitude"], birth["longitude"], b"O")
    elapsed = time.perf_counter() - start
    print(f"pyswisseph {swe.version}: {len(births)} births in {elapsed:.3f} s, {elapsed / len(births) * 1e6:.0f} µs a birth")


if __name__ == "__main__":
    main()
