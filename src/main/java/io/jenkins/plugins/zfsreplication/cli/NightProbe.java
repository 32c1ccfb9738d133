package io.jenkins.plugins.zfsreplication.cli;

import io.jenkins.plugins.zfsreplication.topology.Carriage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * {@code night --check}: whether tonight can run, asking the hosts and changing nothing. Each side
 * (source, target) is reached as the night reaches it; its datasets are there; the account it runs
 * as has the delegated zfs permissions the night uses (zfs-allow(8); root needs none), and where one
 * is missing the exact {@code zfs allow} line to run; the programs the pipelines start are present
 * on the host that starts them. One line per finding; exit 0 ready, 1 something missing.
 */
final class NightProbe {
    /** What the night does on the source: snapshot, send, hold its base, bookmark, verify by diff, prune. */
    static final List<String> SOURCE_PERMISSIONS = List.of("snapshot", "send", "hold", "release", "bookmark", "diff",
            "destroy", "mount");
    /** What receiving does, and neutralising what was received (guide.md, "Receiving safely"), and pruning. */
    static final List<String> TARGET_PERMISSIONS = List.of("receive", "create", "mount", "canmount", "mountpoint",
            "readonly", "setuid", "devices", "exec", "sharenfs", "sharesmb", "userprop", "hold", "release", "rollback",
            "destroy");
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final CliEnvironment environment;
    private final NightConfig config;
    private boolean ready = true;

    NightProbe(CliEnvironment environment, NightConfig config) {
        this.environment = environment;
        this.config = config;
    }

    int run() {
        environment.out().println("config " + config.file() + ": every value reads");
        String sourceHost = config.value("source-host", null);
        String targetHost = config.value("target-host", null);
        List<DatasetName> roots = List.of(config.value("source", "").split("\\s+")).stream().map(DatasetName::of).toList();
        DatasetName targetRoot = DatasetName.of(config.value("target-root", ""));
        Zfs source = reach("source", sourceHost);
        if (source != null) {
            for (DatasetName root : roots) {
                if (!source.exists(root)) {
                    missing("source %s: %s does not exist", where(sourceHost), root);
                } else {
                    permissions("source", sourceHost, source.runner(), root, SOURCE_PERMISSIONS);
                }
            }
            tools("source", sourceHost, source.runner(), sendingTools(sourceHost != null || targetHost != null));
        }
        Zfs target = reach("target", targetHost);
        if (target != null) {
            DatasetName granted = targetRoot;
            if (!target.exists(targetRoot)) {
                int slash = targetRoot.name().lastIndexOf('/');
                DatasetName parent = slash < 0 ? null : DatasetName.of(targetRoot.name().substring(0, slash));
                if (parent == null || !target.exists(parent)) {
                    missing("target %s: neither %s nor its parent exists: as root there run: zfs create -p -o"
                            + " mountpoint=none %s", where(targetHost), targetRoot, parent == null ? targetRoot : parent);
                    granted = null;
                } else {
                    environment.out().printf("target %s: %s does not exist yet: the first night receives it under %s%n",
                            where(targetHost), targetRoot, parent);
                    granted = parent;
                }
            }
            if (granted != null) {
                permissions("target", targetHost, target.runner(), granted, TARGET_PERMISSIONS);
            }
            tools("target", targetHost, target.runner(), receivingTools());
        }
        environment.out().println(ready ? "ready: the night can run" : "not ready: see the lines above");
        environment.out().flush();
        return ready ? 0 : Main.FAILED;
    }

    private Zfs reach(String side, String host) {
        try {
            Zfs zfs = environment.zfs(host);
            environment.out().printf("%s %s: reached, zfs %s%n", side, where(host), zfs.version());
            return zfs;
        } catch (ZfsException e) {
            missing("%s %s: not reached: %s", side, where(host), CliErrors.message(e));
            return null;
        }
    }

    /** The delegated permissions {@code user} holds on {@code dataset}, against what the night needs. */
    private void permissions(String side, String host, CommandRunner runner, DatasetName dataset, List<String> needed) {
        String user;
        CommandResult allow;
        try {
            user = runner.run(List.of("id", "-un"), TIMEOUT).orThrow().stdout().strip();
            if (user.equals("root")) {
                environment.out().printf("%s %s: runs as root, needs no delegated permission on %s%n", side, where(host),
                        dataset);
                return;
            }
            allow = runner.run(List.of("zfs", "allow", dataset.name()), TIMEOUT).orThrow();
        } catch (ZfsException e) {
            missing("%s %s: cannot read the permissions on %s: %s", side, where(host), dataset, CliErrors.message(e));
            return;
        }
        Set<String> granted = ZfsAllow.granted(allow.stdout(), dataset.name(), user);
        List<String> lacking = needed.stream().filter(p -> !granted.contains(p)).toList();
        if (lacking.isEmpty()) {
            environment.out().printf("%s %s: user %s holds every permission the night needs on %s%n", side, where(host),
                    user, dataset);
        } else {
            missing("%s %s: user %s lacks %s on %s; as root there run: zfs allow -u %s %s %s", side, where(host), user,
                    String.join(",", lacking), dataset, user, String.join(",", lacking), dataset);
        }
    }

    /** The programs the sending side starts (and this host's ssh when a side is remote). */
    private List<RuntimeTools.Tool> sendingTools(boolean ssh) {
        Set<String> names = new LinkedHashSet<>(List.of("setpriv"));
        if (Sizes.parse(config.value("buffer", NightConfig.KEYS.get("buffer").byDefault())) > 0
                || Sizes.parse(config.value("rate-limit", NightConfig.KEYS.get("rate-limit").byDefault())) > 0) {
            names.add("mbuffer");
        }
        names.addAll(compressors());
        if (ssh) {
            names.add("ssh");
        }
        if (Carriage.named(config.value("transport", "")).orElse(null) == Carriage.TCP) {
            names.add("socat");
        }
        return tools(names);
    }

    private List<RuntimeTools.Tool> receivingTools() {
        Set<String> names = new LinkedHashSet<>(compressors());
        if (Carriage.named(config.value("transport", "")).orElse(null) == Carriage.TCP) {
            names.add("socat");
        }
        return tools(names);
    }

    private List<String> compressors() {
        String compress = config.value("compress", NightConfig.KEYS.get("compress").byDefault());
        return compress.equals("none") ? List.of() : List.of(compress);
    }

    private static List<RuntimeTools.Tool> tools(Set<String> names) {
        return RuntimeTools.TOOLS.stream().filter(t -> names.contains(t.name())).toList();
    }

    private void tools(String side, String host, CommandRunner runner, List<RuntimeTools.Tool> tools) {
        List<String> present = new ArrayList<>();
        for (RuntimeTools.Tool tool : tools) {
            if (RuntimeTools.present(runner, tool)) {
                present.add(tool.name());
            } else if (tool.name().equals("mbuffer")) {
                // the transfer degrades to no buffer with one warning: worth installing, not a failure
                environment.out().printf("%s %s: mbuffer missing: the stream goes without a buffer (install: apt-get"
                        + " install mbuffer)%n", side, where(host));
            } else {
                missing("%s %s: %s missing: %s (install: apt-get install %s)", side, where(host), tool.name(),
                        tool.without(), tool.name().equals("setpriv") ? "util-linux"
                                : tool.name().equals("ssh") ? "openssh-client" : tool.name());
            }
        }
        if (!present.isEmpty()) {
            environment.out().printf("%s %s: %s present%n", side, where(host), String.join(", ", present));
        }
    }

    private void missing(String format, Object... args) {
        ready = false;
        environment.out().printf(format + "%n", args);
    }

    /** How a line names the host the config gives: null is this host; any name, "local" too, is reached over ssh. */
    private static String where(String host) {
        return host == null ? "(this host)" : host;
    }
}
