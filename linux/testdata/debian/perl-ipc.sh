# Perl 5.36's System V IPC (IPC::SysV, IPC::Msg, IPC::Semaphore, shmget
# and shmread/shmwrite) between a parent and a forked child, IO::Select
# over pipes and a UNIX socket pair, flock between processes, sysopen's
# O_EXCL, alarm with die, waitpid WNOHANG, POSIX::setsid and dup2, a
# '|-' pipe open, and getpwnam/getgrgid from the root's files.
cat > ipc.pl <<'P'
use strict; use warnings;
use IPC::SysV qw(IPC_PRIVATE IPC_RMID IPC_CREAT S_IRUSR S_IWUSR IPC_NOWAIT IPC_STAT SETVAL GETVAL);
use IPC::Msg; use IPC::Semaphore; use IO::Select; use IO::Handle; use Socket;
use POSIX qw(:sys_wait_h setsid dup2 EAGAIN ENOMSG);
use Fcntl qw(:flock O_CREAT O_EXCL O_WRONLY);
$| = 1;
my $q = IPC::Msg->new(IPC_PRIVATE, S_IRUSR | S_IWUSR) or die "msgget: $!";
my $sem = IPC::Semaphore->new(IPC_PRIVATE, 2, S_IRUSR | S_IWUSR | IPC_CREAT) or die "semget: $!";
$sem->setall(0, 0);
my $shm = shmget(IPC_PRIVATE, 4096, S_IRUSR | S_IWUSR) // die "shmget: $!";
my $pid = fork // die;
if ($pid == 0) {
    $q->snd(7, "from child $_") for 1 .. 3;
    shmwrite($shm, "shared text", 100, 11) or die "shmwrite: $!";
    $sem->op(0, 1, 0);          # tell the parent
    $sem->op(1, -1, 0);         # wait for its answer
    my $buf; $q->rcv($buf, 100, 9, 0); print "child got: $buf\n";
    exit 3;
}
my $buf;
$q->rcv($buf, 100, 7, 0) and print "parent got: $buf\n" for 1 .. 3;
$sem->op(0, -1, 0);
shmread($shm, my $t, 100, 11) or die; print "shm: $t\n";
print "nowait: ", (defined $q->rcv($buf, 100, 5, IPC_NOWAIT) ? "got" : ($! == ENOMSG ? "ENOMSG" : "$!")), "\n";
my $st = $q->stat; print "qnum ", $st->qnum, " qbytes>0 ", ($st->qbytes > 0 ? 1 : 0), "\n";
$q->snd(9, "reply"); $sem->op(1, 1, 0);
waitpid($pid, 0); print "child status ", $? >> 8, "\n";
print "semval ", join(",", $sem->getall), "\n";
$q->remove; $sem->remove; shmctl($shm, IPC_RMID, 0);
print "after remove: ", (defined shmread($shm, $t, 0, 1) ? "read" : "err"), "\n";
# IO::Select over a pipe and a socket pair
pipe(my $r, my $w) or die; socketpair(my $a, my $b, AF_UNIX, SOCK_STREAM, 0) or die;
$w->autoflush(1); $b->autoflush(1);
my $s = IO::Select->new($r, $a);
print "ready none: ", scalar(() = $s->can_read(0)), "\n";
print $w "pipe line\n"; print $b "sock line\n";
my @ready = $s->can_read(5); print "ready: ", scalar(@ready), "\n";
print "read: ", scalar(<$_>) for sort { fileno($a) <=> fileno($b) } @ready;
close $w; print "eof: ", (defined(scalar <$r>) ? "no" : "yes"), "\n";
# flock between processes
open(my $lf, ">", "lockfile") or die;
flock($lf, LOCK_EX) or die;
$pid = fork // die;
if ($pid == 0) { open(my $l2, ">>", "lockfile"); print "child nb: ", (flock($l2, LOCK_EX | LOCK_NB) ? "got" : "busy"), "\n"; exit 0 }
waitpid($pid, 0); flock($lf, LOCK_UN);
# sysopen O_EXCL, alarm, WNOHANG, setsid, dup2, '|-'
print "excl: ", (sysopen(my $x, "lockfile", O_WRONLY | O_CREAT | O_EXCL) ? "created" : "$!"), "\n";
my $r2 = eval { local $SIG{ALRM} = sub { die "alarm\n" }; alarm 1; sleep 10; alarm 0; "slept" } // $@; print "eval: $r2";
pipe(my $hr, my $hw) or die; $pid = fork // die; if ($pid == 0) { close $hw; my $l = <$hr>; exit 5 }
close $hr; my $n = waitpid($pid, WNOHANG); print "wnohang: $n\n"; close $hw; waitpid($pid, 0); print "later: ", WEXITSTATUS($?), "\n";
$pid = fork // die; if ($pid == 0) { my $sid = setsid(); print "setsid ", ($sid == $$ ? "own" : "other"), " ", (POSIX::getpgrp() == $$ ? "leader" : "no"), "\n"; exit 0 } waitpid($pid, 0);
open(my $dupf, ">", "dup.out") or die; my $saved = POSIX::dup(1); dup2(fileno($dupf), 1); system("echo", "through dup2"); dup2($saved, 1); close $dupf;
print "dup.out: ", `cat dup.out`;
my $kid = open(my $to, "|-") // die; if (!$kid) { while (<STDIN>) { print "kid: ", uc } exit 0 } print $to "a\nb\n"; close $to; print "pipe close $?\n";
my @pw = getpwnam("postgres"); print "pw: $pw[0] $pw[2] $pw[7]\n"; print "gr: ", scalar(getgrgid(0)), "\n"; print "none: ", (defined(getpwnam("nosuchuser")) ? "found" : "undef"), "\n";
P
perl ipc.pl 2>&1
