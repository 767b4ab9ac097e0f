-- POST /v1/wheel: a birth and its wheel as SVG, 600 px (scripts/bench-serve.sh).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"birth":{"date":"1990-05-15","time":"10:30","zone":"America/New_York","latitude":40.7128,"longitude":-74.006},'
    .. '"options":{"chart_size":600},"format":"svg"}'
dofile("scripts/bench/statuses.lua")
