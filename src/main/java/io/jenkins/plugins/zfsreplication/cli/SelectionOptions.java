package io.jenkins.plugins.zfsreplication.cli;

import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Which source datasets go where: the options {@code plan} and {@code check} share (a picocli mixin). */
final class SelectionOptions {
    @Parameters(arity = "1..*", paramLabel = "SOURCE", description = "Source root datasets.")
    List<DatasetName> roots;

    @Option(names = {"-r", "--recursive"}, description = "Include every descendant of the roots.")
    boolean recursive;

    @Option(names = "--target-root", required = true, paramLabel = "DATASET",
            description = "Where the roots land: SOURCE-ROOT/path lands at DATASET/path.")
    DatasetName targetRoot;

    @Option(names = "--target-host", paramLabel = "[USER@]HOST", description = "The target over ssh (default: this host).")
    String targetHost;

    @Option(names = "--include", paramLabel = "GLOB", description = "Only datasets matching (* ** ?); repeatable.")
    List<String> includes = new ArrayList<>();

    @Option(names = "--exclude", paramLabel = "GLOB", description = "Leave out datasets matching; repeatable.")
    List<String> excludes = new ArrayList<>();

    @Option(names = "--require-property", description = "Only datasets with zfs-replication:backup=on.")
    boolean propertyRequired;

    Selection selection() {
        return new Selection(roots, recursive, includes, excludes, propertyRequired);
    }
}
