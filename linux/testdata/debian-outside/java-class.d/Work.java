import java.util.*;
import java.util.stream.*;
import java.security.MessageDigest;
import java.math.BigInteger;
import java.util.concurrent.*;

/** A small workload for the JVM's interpreter and its C1 and C2 compilers (debian-outside's java-class). */
public class Work {
    static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
    static double mandel(int w, int h) {
        double s = 0;
        for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) {
            double cr = -2.0 + 3.0 * x / w, ci = -1.5 + 3.0 * y / h, zr = 0, zi = 0; int i = 0;
            while (i < 200 && zr * zr + zi * zi < 4) { double t = zr * zr - zi * zi + cr; zi = 2 * zr * zi + ci; zr = t; i++; }
            s += i;
        }
        return s;
    }
    public static void main(String[] a) throws Exception {
        System.out.println("fib(27)=" + fib(27));
        System.out.println("mandel=" + mandel(200, 150));
        int[] arr = new Random(42).ints(200000, 0, 1000000).toArray();
        Arrays.sort(arr);
        long sum = 0; for (int v : arr) sum += v;
        System.out.println("sorted " + arr[0] + " " + arr[arr.length / 2] + " " + arr[arr.length - 1] + " sum " + sum);
        Map<String, Integer> m = new TreeMap<>();
        for (int i = 0; i < 50000; i++) m.merge("k" + (i * 7919 % 1000), i, Integer::sum);
        System.out.println("map " + m.size() + " " + m.get("k17"));
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        byte[] d = md.digest("hello".getBytes("UTF-8"));
        System.out.println("sha256 " + String.format("%064x", new BigInteger(1, d)));
        System.out.println("pow " + BigInteger.valueOf(3).pow(200).mod(BigInteger.valueOf(1000000007)));
        System.out.println("stream " + IntStream.rangeClosed(1, 100000).mapToLong(i -> (long) i * i % 1000).sum());
        ExecutorService ex = Executors.newFixedThreadPool(4);
        List<Future<Long>> fs = new ArrayList<>();
        for (int t = 0; t < 4; t++) { final int tt = t; fs.add(ex.submit(() -> { long s = 0; for (int i = 0; i < 3000000; i++) s += (i ^ tt) % 7; return s; })); }
        long tot = 0; for (Future<Long> f : fs) tot += f.get();
        ex.shutdown();
        System.out.println("threads " + tot);
        System.out.println(String.format("%.6f %s %e", Math.PI, Double.toString(1.0 / 3), 6.02e23));
        StringBuilder sb = new StringBuilder(); for (int i = 0; i < 20000; i++) sb.append((char) ('a' + i % 26));
        System.out.println("regex " + sb.toString().replaceAll("[aeiou]+", "_").length());
    }
}
