package io.jenkins.plugins.zfsreplication.verify;

/**
 * What computed a run's chunk hashes: the reference xxHash library ({@code libxxhash.so.0}, for the
 * xxh functions where it is installed) or Java (the xxh functions without that library, and always
 * sha256 and sha1). The values are the same either way; a host without the library hashes xxh about
 * four times slower in a short-lived process, which a report should explain.
 */
public enum HashImplementation {
    NATIVE("native"),
    JAVA("java");

    private final String id;

    HashImplementation(String id) {
        this.id = id;
    }

    /** The name in verify-report.json. */
    public String id() {
        return id;
    }
}
