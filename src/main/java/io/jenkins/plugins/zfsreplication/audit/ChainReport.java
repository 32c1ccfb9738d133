package io.jenkins.plugins.zfsreplication.audit;

/**
 * The outcome of checking a chain: intact or not, and one line that says so, naming the first
 * build where it breaks.
 *
 * @param intact  every artifact matches its recorded hash and every link its predecessor
 * @param line    the one line to print
 * @param brokenAt the first build where the chain breaks; 0 when intact
 */
public record ChainReport(boolean intact, String line, long brokenAt) {
    static ChainReport brokenAt(long build, String format, Object... args) {
        return new ChainReport(false, "audit chain broken at build " + build + ": "
                + String.format(java.util.Locale.ROOT, format, args), build);
    }
}
