-- POST /api/v4/birth-chart: the peer's (kerykeion's Astrologer API) birth chart, its SVG with the chart data, for the
-- birth of wheel-svg.lua; offline as in peer-chart-data.lua (scripts/bench-peer.sh).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"subject":{"name":"Bench","year":1990,"month":5,"day":15,"hour":10,"minute":30,"city":"New York","nation":"US",'
    .. '"latitude":40.7128,"longitude":-74.006,"timezone":"America/New_York"}}'
dofile("scripts/bench/statuses.lua")
