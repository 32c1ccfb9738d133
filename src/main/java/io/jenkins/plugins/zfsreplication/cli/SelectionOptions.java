package io.jenkins.plugins.zfsreplication.cli;

import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import picocli.CommandLine.Option;

/** Which source datasets go where: the options {@code plan} and {@code check} share (a picocli mixin). */
final class SelectionOptions extends SourceOptions {
    @Option(names = "--target-root", required = true, paramLabel = "DATASET",
            description = "Where the roots land: SOURCE-ROOT/path lands at DATASET/path.")
    DatasetName targetRoot;

    @Option(names = "--target-host", paramLabel = "[USER@]HOST", description = "The target over ssh (default: this host).")
    String targetHost;

    @Option(names = "--source-host", paramLabel = "[USER@]HOST", description = "The source over ssh, for a backup"
            + " host that pulls (default: this host).")
    String sourceHost;

    @Option(names = "--trust-source-opt-out", description = "With --source-host: let the source's"
            + " zfs-replication:backup=off leave a dataset out. Without it a pulled dataset is replicated whatever the"
            + " source says: only this host's --exclude and --include leave one out.")
    boolean trustSourceOptOut;

    /** The selection; where the source is another host, its opt-out counts only when trusted. */
    @Override
    Selection selection() {
        return super.selection().withTrustSourceOptOut(sourceHost == null || trustSourceOptOut);
    }
}
