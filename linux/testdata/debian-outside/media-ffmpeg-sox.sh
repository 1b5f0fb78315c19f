ffmpeg -nostdin -hide_banner -loglevel error -f lavfi -i testsrc=size=64x48:rate=10:duration=1 -f lavfi -i sine=frequency=440:duration=1 -c:v mpeg4 -c:a pcm_s16le -bitexact -fflags +bitexact -y out.avi; echo "ffmpeg $?"
ffmpeg -nostdin -hide_banner -loglevel error -i out.avi -f framemd5 - | grep -v '^#' | head -20
ffmpeg -nostdin -hide_banner -loglevel error -f lavfi -i testsrc=size=96x64:rate=5:duration=1 -vf scale=48:32,hflip -pix_fmt yuv420p -f framemd5 - | grep -v '^#'
ffmpeg -nostdin -hide_banner -loglevel error -f lavfi -i sine=frequency=1000:duration=0.5 -af volume=0.5,aresample=8000 -f md5 -
ffmpeg -nostdin -hide_banner -loglevel error -f lavfi -i testsrc=size=64x64:rate=5:duration=1 -c:v libx264 -preset ultrafast -bitexact -f framemd5 - 2>&1 | grep -v '^#' | head -5
sox -R -n -r 8000 -b 16 s.wav synth 0.5 sine 440 fade 0.1 0.5 0.1; echo "sox $?"
sox -R s.wav -n stat 2>&1
sox -R s.wav -r 4000 t.raw reverse; md5sum t.raw
soxi s.wav
