package io.jenkins.plugins.zfsreplication.cli;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code zfs-replication list}: every dataset and snapshot under the roots, from one zfs call. */
@Command(name = "list", description = "List datasets and snapshots under the roots in one zfs call.")
final class ListCommand implements Callable<Integer> {
    private final CliEnvironment environment;

    @Option(names = "--host", paramLabel = "[USER@]HOST", description = "List on this host over ssh.")
    private String host;

    @Option(names = {"-r", "--recursive"}, description = "Include every descendant dataset.")
    private boolean recursive;

    @Option(names = {"-o", "--property"}, paramLabel = "PROPERTY", split = ",",
            description = "Further properties to show, e.g. zfs-replication:backup.")
    private List<String> properties = new ArrayList<>();

    @Parameters(arity = "1..*", paramLabel = "DATASET", description = "Root datasets.")
    private List<DatasetName> roots;

    ListCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public Integer call() {
        Zfs zfs = CliErrors.input(() -> {
            properties.forEach(Zfs::checkPropertyName);
            return environment.zfs(host);
        });
        Listing listing = zfs.list(roots, recursive, properties);
        StringBuilder header = new StringBuilder(String.format("%-48s %-10s %20s %9s %-20s %12s %12s",
                "NAME", "TYPE", "GUID", "CREATETXG", "CREATION", "USED", "REFER"));
        properties.forEach(property -> header.append("  ").append(property.toUpperCase(java.util.Locale.ROOT)));
        environment.out().println(header);
        for (ZfsObject object : listing.objects()) {
            StringBuilder line = new StringBuilder(String.format("%-48s %-10s %20s %9d %-20s %12d %12d",
                    object.name(), object.type().name().toLowerCase(java.util.Locale.ROOT), object.guidText(),
                    object.createtxg(), Instant.ofEpochSecond(object.creation()), object.used(), object.referenced()));
            properties.forEach(property -> line.append("  ").append(object.property(property).orElse("-")));
            // names and property values come from the host listed: shown, never interpreted by the terminal
            environment.out().println(TerminalText.line(line.toString()));
        }
        environment.out().flush();
        return 0;
    }
}
