#!/usr/bin/env python3
"""Reference numbers for the sidereal and topocentric tests (samples/ephemeris/sidereal-topocentric.json).

Yardsticks only, never copied into the code: the Swiss Ephemeris' true ayanamsas (mean + nutation in longitude) at
200 dates 1800-2100 for each ayanamsa the Ephemeris computes, and JPL's apparent places (DE421, the PyPI package
`de421`, through skyfield 1.55) of the Sun, the Moon and the planets seen from 50 random birthplaces on the WGS84
ellipsoid, geocentric and topocentric (the observer's velocity included), in the true ecliptic and equinox of date.
The tests judge the topocentric places and the parallax, topocentric less geocentric. Deterministic (fixed seed): rerunning gives the same file.
"""
import importlib.util
import json
import os
import random
import swisseph as swe
from skyfield.api import load, wgs84
from skyfield.framelib import ecliptic_frame

AYANAMSAS = {"lahiri": swe.SIDM_LAHIRI, "raman": swe.SIDM_RAMAN, "krishnamurti": swe.SIDM_KRISHNAMURTI,
             "fagan_bradley": swe.SIDM_FAGAN_BRADLEY}
J1800, J2100 = 2378496.5, 2488069.5


def ayanamsas(rng):
    dates = sorted(rng.uniform(J1800, J2100) for _ in range(200))
    table = {}
    for name, mode in AYANAMSAS.items():
        swe.set_sid_mode(mode)
        table[name] = [[jd, swe.get_ayanamsa_ex(jd, 0)[1]] for jd in dates]
    return table


_spec = importlib.util.spec_from_file_location("reference", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                     "make-asteroid-reference.py"))
reference = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(reference)


class Barycentric(reference.FromTheBarycentre):
    """The Moon too (DE421 gives it from the Earth), besides the Earth and the planets' systems."""

    def state(self, ephemeris, tdb):
        if self.name != "moon":
            return super().state(ephemeris, tdb)
        p_emb, v_emb = ephemeris.position_and_velocity("earthmoon", tdb)
        p_moon, v_moon = ephemeris.position_and_velocity("moon", tdb)
        return p_emb + p_moon * ephemeris.moon_share, v_emb + v_moon * ephemeris.moon_share


def topocentric(rng):
    """JPL's places (DE421 through skyfield's apparent place: light-time, deflection, aberration with the observer's
    velocity, IAU 2000A nutation) of the Sun, the Moon and the planets, geocentric and seen from a point of the WGS84
    ellipsoid, in the true ecliptic and equinox of date: longitude, latitude, distance (AU), longitude speed (°/day,
    by a difference over ±0.01 day). 1900-2050, inside DE421."""
    ts = load.timescale(builtin=True)
    deflectors = reference.Deflectors()
    for code, name in ((10, "sun"), (5, "jupiter"), (6, "saturn")):
        deflectors[code] = Barycentric(name, code, deflectors)
    earth = Barycentric("earth", 399, deflectors)
    names = ["sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto"]
    bodies = {n: Barycentric(n, 301 if n == "moon" else i, deflectors) for i, n in enumerate(names)}

    def place(observer, body, jd_tt):
        def at(jd):
            lat, lon, distance = observer.at(ts.tt_jd(jd)).observe(body).apparent().frame_latlon(ecliptic_frame)
            return lon.degrees, lat.degrees, distance.au
        lon, lat, distance = at(jd_tt)
        later, earlier = at(jd_tt + 0.01)[0], at(jd_tt - 0.01)[0]
        return [lon, lat, distance, ((later - earlier + 180) % 360 - 180) / 0.02]

    births = []
    for _ in range(50):
        lat, lon = rng.uniform(-66, 66), rng.uniform(-180, 180)
        elevation = rng.choice([0.0, 0.0, rng.uniform(0, 4000)])
        jd_ut = rng.uniform(J1800 + 36525, J2100 - 18262)  # 1900-2050
        jd_tt = ts.ut1_jd(jd_ut).tt
        here = earth + wgs84.latlon(lat, lon, elevation_m=elevation)
        births.append({"jd_ut": jd_ut, "jd_tt": jd_tt, "latitude": lat, "longitude": lon, "elevation": elevation,
                       "geocentric": {n: place(earth, b, jd_tt) for n, b in bodies.items()},
                       "topocentric": {n: place(here, b, jd_tt) for n, b in bodies.items()}})
    return births


if __name__ == "__main__":
    rng = random.Random(30)
    out = {"ayanamsas": ayanamsas(rng), "births": topocentric(rng)}
    with open("samples/ephemeris/sidereal-topocentric.json", "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")
