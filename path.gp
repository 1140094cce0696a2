# impact.plot.path: Routh's impulse-space diagram
# Written by impact; edit and re-run with: gnuplot path.gp
# (in this directory). Data: path.dat (index k = block k).
set terminal pngcairo size 3,4 enhanced font "Sans,11" fontscale 0.008333 linewidth 0.008333
set output "path.png"
data = "path.dat"
set title "Impulse space: C-reversed, poisson\nlaw, e = 0.5, μ = 0.3" font ",10"
set xlabel "P_x"
set ylabel "P_y"
set size ratio -1
set xrange [-0.44330565646082:0.37013492475350285]
set yrange [0:0.6951219512195123]
set grid lc rgb "#e0e0e0"
set key at screen 0.5, screen 0.01 center bottom horizontal maxcols 1 samplen 2.5 font ",9"
set bmargin 9
set xtics 0.2
set ytics 0.1
set zeroaxis lt 1 lc rgb "#909090"
plot data index 1 with lines lw 2 lc rgb "#1a9850" title "S = 0", \
     data index 2 with lines lw 2 lc rgb "#4575b4" title "C = 0", \
     data index 3 with lines lw 2 dt 2 lc rgb "#984ea3" title "T: P_y = (1+e) P_c", \
     data index 4 with lines lw 1.5 lc rgb "#d73027" title "L: P_x = - μ P_y", \
     data index 5 with lines lw 1.5 dt 3 lc rgb "#fdae61" title "RF: reversed", \
     data index 0 using 1:2 with linespoints lw 3 pt 7 ps 1.3 lc rgb "black" title "impulse path", \
     data index 6 using 4:5:3 with labels left font ",10" tc rgb "black" notitle
set terminal svg size 3,4 enhanced font "Sans,0.09167" background rgb "white" linewidth 0.008333
set output "path.svg"
replot
unset output
