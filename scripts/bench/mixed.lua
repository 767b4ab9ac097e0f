-- The memory soak of scripts/bench-serve.sh: the four requests in turn (a PNG one in twenty), each wrk thread
-- stopping after its share of the count given after `--` (wrk ... -s mixed.lua URL -- 10000).
local birth = '{"date":"1990-05-15","time":"10:30","zone":"America/New_York","latitude":40.7128,"longitude":-74.006}'
local json = { ["Content-Type"] = "application/json" }
local requests = {
    chart = wrk.format("POST", "/v1/chart", json, birth),
    svg = wrk.format("POST", "/v1/wheel", json, '{"birth":' .. birth .. ',"options":{"chart_size":600},"format":"svg"}'),
    png = wrk.format("POST", "/v1/wheel", json, '{"birth":' .. birth .. ',"options":{"chart_size":600},"format":"png"}'),
    data = wrk.format("POST", "/v1/western_chart_data", json,
        '{"day":15,"month":5,"year":1990,"hour":10,"min":30,"lat":40.7128,"lon":-74.006,"tzone":-4.0}'),
}
local order = { "chart", "svg", "data", "chart", "svg", "data", "chart", "svg", "data", "chart",
                "svg", "data", "chart", "svg", "data", "chart", "svg", "data", "chart", "png" }

-- Globals, so that done() can read each thread's counts (thread:get reads a global).
limit, sent, answered, failed = 0, 0, 0, 0

function init(args)
    limit = tonumber(args[1]) or 0
end

function request()
    sent = sent + 1
    return requests[order[(sent - 1) % #order + 1]]
end

function response(status, headers, body)
    answered = answered + 1
    if status ~= 200 then failed = failed + 1 end
    if limit > 0 and answered >= limit then wrk.thread:stop() end
end

local threads = {}
function setup(thread) table.insert(threads, thread) end

function done(summary, latency, requests)
    local total, bad = 0, 0
    for _, thread in ipairs(threads) do
        total = total + thread:get("answered")
        bad = bad + thread:get("failed")
    end
    io.write(string.format("mixed: answered=%d not_200=%d\n", total, bad))
end
