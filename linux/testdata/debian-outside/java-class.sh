# The JVM's interpreter, C1 and C2 (tiered), C2 alone, -Xcomp: the same output.
java -cp . Work
java -Xint -cp . Work | md5sum
java -XX:TieredStopAtLevel=1 -cp . Work | md5sum
java -XX:-TieredCompilation -XX:CICompilerCount=2 -cp . Work | md5sum
java -Xcomp -XX:TieredStopAtLevel=1 -cp . Work | md5sum
