java -version 2>&1 | sed 's/ (build [^)]*)//'
java -Xshare:off -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XshowSettings:properties -version 2>&1 | grep -E 'os.arch|file.encoding|java.vm.name|sun.arch.data.model|native.encoding' | sort
