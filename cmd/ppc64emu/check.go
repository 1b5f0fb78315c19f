package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/ppc64emu/ppc64emu/emulate"
	"github.com/ppc64emu/ppc64emu/trace"
)

const checkUsage = `Usage: ppc64emu check [-json] [-strict] [-why] [-be|-le] [-profile hardware|qemu] [-show N] FILE|DIR...

Replays reference trace files (plain or gzip; the format is specified in
docs/trace-format.md of github.com/ppc64emu/ppc64emu) on the emulator and
compares the outcome, NIP, every register, the scratch memory and the code page
with the reference result. A directory is searched recursively for *.txt and
*.txt.gz files.

Each file is replayed under the implementation profile its "# reference="
header names (qemu-7.2 -> qemu; power9/power10/hardware -> hardware); -profile
sets the profile for files without one. The byte order comes from the
"# order=" header, else from ".le."/".be." in the file name, else -be/-le
(default -le).

Prints a summary (the totals, and what the columns mean), then a table per
op: vectors, agree, disagree, not emulated, skipped (skip
and error lines, and accepted divergences from QEMU), then the first -show
disagreements in full. -why lists, per op, why vectors were skipped or not
emulated (the harness's skip reason, the accepted divergence from QEMU, the
emulator's refusal), with counts. -json prints one JSON object per op instead,
with the fields op, class, emulated, vectors, agree, disagree, not_emulated,
skipped (and with -why reasons: an object of reason to count).

Exit status: 0 when every compared vector agrees; 1 when any vector disagrees,
a line does not parse, or (with -strict) any vector's op is not emulated;
2 for a usage error or an unreadable file.
`

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check")
	var order byteOrderFlags
	order.register(fs)
	jsonOut := fs.Bool("json", false, "one JSON object per op")
	strict := fs.Bool("strict", false, "fail when a vector's op is not emulated")
	profile := fs.String("profile", "hardware", "profile for files without a # reference= header")
	show := fs.Int("show", 5, "disagreements to print in full")
	why := fs.Bool("why", false, "list per op why vectors were skipped or not emulated")
	paths, be, code, done := order.parse(fs, args, checkUsage, stdout, stderr)
	if done {
		return code
	}
	p, ok := emulate.ParseProfile(*profile)
	if !ok {
		return usageError(stderr, fs.Name(), "unknown profile %q (want hardware or qemu)", *profile)
	}
	if len(paths) == 0 {
		return usageError(stderr, fs.Name(), "no trace files or directories given")
	}
	if *show < 0 {
		return usageError(stderr, fs.Name(), "-show must be >= 0")
	}
	c := trace.NewChecker()
	c.DefaultLE = !be
	c.DefaultProfile = p
	c.KeepMismatches = *show
	c.KeepReasons = *why
	for _, path := range paths {
		if err := c.CheckPath(path); err != nil {
			fmt.Fprintf(stderr, "ppc64emu check: %v\n", err)
			return exitUsage
		}
	}
	if err := report(stdout, c, *jsonOut); err != nil {
		fmt.Fprintf(stderr, "ppc64emu check: %v\n", err)
		return exitUsage
	}
	for i, err := range c.ParseErrs {
		if i == 10 {
			break
		}
		fmt.Fprintf(stderr, "ppc64emu check: %v\n", err)
	}
	if c.ParseErrCount > 10 {
		fmt.Fprintf(stderr, "… %d more lines did not parse\n", c.ParseErrCount-10)
	}
	if c.Failed(*strict) || c.ParseErrCount > 0 {
		explainFailure(stderr, c, *strict)
		return exitFail
	}
	return exitOK
}

// explainFailure says on stderr why check failed: the ops that disagree
// and, with -strict, the ops whose vectors were not emulated.
func explainFailure(w io.Writer, c *trace.Checker, strict bool) {
	var disagree, notEmulated []string
	for _, s := range c.Stats() {
		if s.Disagree > 0 {
			disagree = append(disagree, fmt.Sprintf("%s (%d)", s.Op, s.Disagree))
		}
		if strict && s.NotEmulated > 0 {
			notEmulated = append(notEmulated, fmt.Sprintf("%s (%d)", s.Op, s.NotEmulated))
		}
	}
	if len(disagree) > 0 {
		fmt.Fprintf(w, "ppc64emu check: failed: %d ops disagree: %s\n", len(disagree), strings.Join(disagree, ", "))
	}
	if len(notEmulated) > 0 {
		fmt.Fprintf(w, "ppc64emu check: failed (-strict): %d ops not emulated: %s\n", len(notEmulated), strings.Join(notEmulated, ", "))
	}
	if c.ParseErrCount > 0 {
		fmt.Fprintf(w, "ppc64emu check: failed: %d lines did not parse\n", c.ParseErrCount)
	}
}

// report prints a checker's per-op results: JSON objects, or the table and
// the kept disagreements.
func report(w io.Writer, c *trace.Checker, jsonOut bool) error {
	stats := c.Stats()
	if !jsonOut {
		printCheckTable(w, c, stats)
		return nil
	}
	enc := json.NewEncoder(w)
	for _, s := range stats {
		if err := enc.Encode(s); err != nil {
			return err
		}
	}
	return nil
}

// checkSummary is the paragraph check prints above its table: the totals,
// and what not-emulated and skipped mean, with where to find the reasons.
func checkSummary(tot trace.OpStats, ops, files int, why bool) string {
	hint := "; -why lists the reasons per op"
	if why {
		hint = "; the reasons per op follow the table"
	}
	return wrap(fmt.Sprintf("%d vectors of %d ops in %d files replayed: %d agree with the reference, %d disagree, "+
		"%d not emulated (the emulator declined the instruction: not implemented, or it needs a hook such as a time base) "+
		"and %d skipped (not compared: the reference has no result for them, the harness recorded a skip or an error, "+
		"or the reference's result is an accepted divergence from QEMU%s).",
		tot.Vectors, ops, files, tot.Agree, tot.Disagree, tot.NotEmulated, tot.Skipped, hint), 76)
}

// wrap breaks s into lines of at most width bytes at spaces.
func wrap(s string, width int) string {
	var b strings.Builder
	n := 0
	for i, word := range strings.Fields(s) {
		if i > 0 {
			if n+1+len(word) > width {
				b.WriteByte('\n')
				n = 0
			} else {
				b.WriteByte(' ')
				n++
			}
		}
		b.WriteString(word)
		n += len(word)
	}
	return b.String()
}

func printCheckTable(w io.Writer, c *trace.Checker, stats []trace.OpStats) {
	tot := c.Total()
	fmt.Fprintln(w, checkSummary(tot, len(stats), c.Files, c.KeepReasons))
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "op\tclass\tvectors\tagree\tdisagree\tnot-emulated\tskipped\t")
	for _, s := range stats {
		mark := ""
		if s.Disagree > 0 {
			mark = " !"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%s\n", s.Op, s.Class, s.Vectors, s.Agree, s.Disagree, s.NotEmulated, s.Skipped, mark)
	}
	fmt.Fprintf(tw, "total (%d ops, %d files)\t\t%d\t%d\t%d\t%d\t%d\t\n", len(stats), c.Files, tot.Vectors, tot.Agree, tot.Disagree, tot.NotEmulated, tot.Skipped)
	tw.Flush()
	printReasons(w, stats)
	for _, m := range c.Mismatches {
		order := "be"
		if m.LE {
			order = "le"
		}
		fmt.Fprintf(w, "\n%s:%d (%s, %s): %s\n  %s\n", m.File, m.Line.Num, order, m.Op, m.Reason, m.Line.String())
		for _, d := range strings.Split(m.Diff, "\n") {
			fmt.Fprintf(w, "    %s\n", d)
		}
	}
}

// printReasons lists, for -why, each op's reasons for skipped and
// not-emulated vectors, most frequent first.
func printReasons(w io.Writer, stats []trace.OpStats) {
	first := true
	for _, s := range stats {
		if len(s.Reasons) == 0 {
			continue
		}
		if first {
			fmt.Fprintln(w, "\nwhy vectors were skipped or not emulated:")
			first = false
		}
		reasons := make([]string, 0, len(s.Reasons))
		for r := range s.Reasons {
			reasons = append(reasons, r)
		}
		sort.Slice(reasons, func(i, j int) bool {
			a, b := s.Reasons[reasons[i]], s.Reasons[reasons[j]]
			return a > b || a == b && reasons[i] < reasons[j]
		})
		for _, r := range reasons {
			fmt.Fprintf(w, "  %-10s %5d  %s\n", s.Op, s.Reasons[r], r)
		}
	}
}
