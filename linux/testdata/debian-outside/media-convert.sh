convert -size 64x48 gradient:red-blue -rotate 30 -resize 50% g.png; echo "convert $?"
identify -format '%w %h %m %[channels]\n' g.png
convert g.png -colorspace Gray -format '%[fx:mean]\n' info:
convert -size 32x32 xc:white -fill black -draw 'circle 16,16 16,4' -blur 0x1 ppm:- | md5sum
convert g.png -depth 8 rgb:- | md5sum
convert rose: -resize 40x40 -sharpen 0x1 txt:- | md5sum
