-- POST /api/v4/natal-aspects-data: the peer's (kerykeion's Astrologer API) chart data, positions, houses and aspects,
-- for the birth of western-chart-data.lua; latitude, longitude and zone given, no geonames_username, so kerykeion
-- stays offline (scripts/bench-peer.sh).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"subject":{"name":"Bench","year":1990,"month":5,"day":15,"hour":10,"minute":30,"city":"New York","nation":"US",'
    .. '"latitude":40.7128,"longitude":-74.006,"timezone":"America/New_York"}}'
dofile("scripts/bench/statuses.lua")
