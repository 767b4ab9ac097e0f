#!/usr/bin/env python3
"""Slow clients against a running `wheel serve`: N connections (300 by default) each send a request's head one
byte every 0.2 s for SECONDS (8 by default), while /healthz is asked every 0.1 s through curl; prints the median
and the largest time /healthz took to answer (curl's start-up included), and exits 1 if one took over 100 ms or
did not answer 200. Loopback only, bounded in time.

    wheel serve --port 18437 &
    scripts/slow-heads.py 18437 [N] [SECONDS]
"""
import socket, time, threading, sys, subprocess, statistics
port=int(sys.argv[1]); n=int(sys.argv[2]) if len(sys.argv)>2 else 300
head=b"POST /v1/chart HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Padding: " + b"a"*200
socks=[]
for i in range(n):
    s=socket.create_connection(('127.0.0.1',port)); s.setblocking(False); socks.append(s)
stop=time.time()+float(sys.argv[3] if len(sys.argv)>3 else 8)
def trickle():
    i=0
    while time.time()<stop:
        for s in socks:
            try: s.send(head[i%len(head):i%len(head)+1])
            except Exception: pass
        i+=1; time.sleep(0.2)
t=threading.Thread(target=trickle); t.start()
time.sleep(1)
lat=[]; failed=[]
while time.time()<stop-0.5:
    t0=time.time()
    out=subprocess.run(['curl','-s','-o','/dev/null','-w','%{http_code}','--max-time','5',f'http://127.0.0.1:{port}/healthz'],capture_output=True,text=True).stdout
    lat.append((time.time()-t0)*1000); 
    if out!='200': print('healthz', out); failed.append(out)
    time.sleep(0.1)
t.join()
for s in socks: s.close()
print(f"healthz: {len(lat)} tries, median {statistics.median(lat):.1f} ms, max {max(lat):.1f} ms")
sys.exit(0 if max(lat) <= 100 and not failed else 1)
