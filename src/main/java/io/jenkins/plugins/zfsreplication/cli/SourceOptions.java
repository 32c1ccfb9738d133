package io.jenkins.plugins.zfsreplication.cli;

import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Which source datasets a command works on (a picocli mixin): {@code snapshot} and {@code prune}
 * without a plan use it as it is, {@code plan} and {@code check} with a target
 * ({@link SelectionOptions}). A bad name, or no root given, is refused by {@link #selection()} with one
 * line (exit 2).
 */
class SourceOptions {
    // strings, checked by selection(): an optional positional parameter that fails conversion would be
    // reported by picocli as "unmatched", not with the name's problem
    @Parameters(arity = "0..*", paramLabel = "SOURCE", description = "Source root datasets.")
    List<String> roots = new ArrayList<>();

    @Option(names = {"-r", "--recursive"}, description = "Include every descendant of the roots.")
    boolean recursive;

    @Option(names = "--include", paramLabel = "GLOB", description = "Only datasets matching (* ** ?); repeatable.")
    List<String> includes = new ArrayList<>();

    @Option(names = "--exclude", paramLabel = "GLOB", description = "Leave out datasets matching; repeatable.")
    List<String> excludes = new ArrayList<>();

    @Option(names = "--require-property", description = "Only datasets with zfs-replication:backup=on.")
    boolean propertyRequired;

    Selection selection() {
        return new Selection(roots.stream().map(DatasetName::of).toList(), recursive, includes, excludes,
                propertyRequired);
    }
}
