-- POST /v1/western_chart_data: AstrologyAPI's drop-in, the same birth in its body (scripts/bench-serve.sh).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"day":15,"month":5,"year":1990,"hour":10,"min":30,"lat":40.7128,"lon":-74.006,"tzone":-4.0}'
dofile("scripts/bench/statuses.lua")
