package io.jenkins.plugins.zfsreplication.posix;

/** posix_fadvise advice values (Linux numbering). */
public enum Advice {
    NORMAL(0), SEQUENTIAL(2), WILLNEED(3), DONTNEED(4);

    private final int code;

    Advice(int code) {
        this.code = code;
    }

    int code() {
        return code;
    }
}
