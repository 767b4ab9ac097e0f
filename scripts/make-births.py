#!/usr/bin/env python3
"""Writes N seeded random births as JSON Lines (the `wheel chart --births` input): local dates 1800-2100, times
to the second, latitudes within ±66°, zones from a list of tz database names with long histories.
    python3 scripts/make-births.py 4000 > Performance/births-4000.jsonl   (the benchmark's input)"""
import json, random, sys

ZONES = [("America/New_York", 40.7, -74.0), ("Europe/Berlin", 52.5, 13.4), ("Asia/Kolkata", 28.6, 77.2),
         ("Australia/Sydney", -33.9, 151.2), ("America/Sao_Paulo", -23.5, -46.6), ("Europe/London", 51.5, -0.1),
         ("Asia/Tokyo", 35.7, 139.7), ("Africa/Cairo", 30.0, 31.2), ("America/Los_Angeles", 34.1, -118.2),
         ("Europe/Moscow", 55.8, 37.6)]


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    rng = random.Random(13)
    for _ in range(count):
        zone, lat, lon = rng.choice(ZONES)
        year = rng.randint(1800, 2100)
        month = rng.randint(1, 12)
        day = rng.randint(1, 28)
        # Around the zone's city, so that the zone is the place's; sometimes far north or south.
        latitude = max(-66.0, min(66.0, lat + rng.uniform(-3, 3)))
        longitude = lon + rng.uniform(-3, 3)
        birth = {"date": f"{year:04d}-{month:02d}-{day:02d}",
                 "time": f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}",
                 "zone": zone, "latitude": round(latitude, 4), "longitude": round(longitude, 4)}
        print(json.dumps(birth))


if __name__ == "__main__":
    main()
