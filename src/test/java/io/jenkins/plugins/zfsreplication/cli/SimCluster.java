package io.jenkins.plugins.zfsreplication.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;

/**
 * The simulated hosts, and the zfs command layer the engine sees on each: {@link #runner(String)}
 * is what the command line takes for "this host", and it reaches the others as the real one does,
 * through {@code ssh ... HOST -- 'zfs' 'list' ...}, which is unquoted here and answered by that
 * host's {@link SimZfsCommands}. Only this layer is replaced; every zfs argument vector and every
 * byte of output passes through the engine's own building and parsing.
 */
final class SimCluster {
    final Map<String, SimHost> hosts = new LinkedHashMap<>();
    /** Hosts that do not answer ssh tonight (the machine is off, the network is down). */
    final Set<String> unreachable = new java.util.HashSet<>();
    /** Every command run, per night; the driver clears it. */
    final List<List<String>> commands = new ArrayList<>();
    /** Called before each command with its host; may change the model (a fault between two calls) or answer itself. */
    BiFunction<SimHost, List<String>, CommandResult> interceptor = (host, argv) -> null;
    /** Commands left until the machine running the hop dies (SIGKILL, power loss); negative: it lives. */
    int commandsToLive = -1;
    /** Whether it died: no command of it runs any more, on any host. */
    boolean killed;

    /** The process that drove the commands is gone: what it started never returns, nothing after it runs. */
    static final class Killed extends Error {
        private static final long serialVersionUID = 1L;

        Killed() {
            super("the night was killed", null, false, false);
        }
    }

    /** Counts one command of the hop; throws {@link Killed} once the hop's machine has died. */
    void liveOrDie() {
        if (killed || commandsToLive == 0) {
            killed = true;
            throw new Killed();
        }
        if (commandsToLive > 0) {
            commandsToLive--;
        }
    }

    SimHost add(SimHost host) {
        hosts.put(host.name, host);
        return host;
    }

    /** The command layer of {@code localHost}, as the command line or the engine on it sees it. */
    CommandRunner runner(String localHost) {
        return new CommandRunner() {
            @Override
            public CommandResult run(List<String> command, Duration timeout) {
                return execute(localHost, command);
            }

            @Override
            public String host() {
                return "local";
            }
        };
    }

    synchronized CommandResult execute(String localHost, List<String> argv) {
        liveOrDie();
        commands.add(argv);
        if (!argv.get(0).equals("ssh")) {
            return answer(hosts.get(localHost), argv);
        }
        int separator = argv.indexOf("--");
        String destination = argv.get(separator - 1);
        String hostName = destination.substring(destination.lastIndexOf('@') + 1);
        SimHost host = hosts.get(hostName);
        if (host == null || unreachable.contains(hostName)) {
            return new CommandResult(argv, 255, "", "ssh: connect to host " + hostName + " port 22: No route to host\n");
        }
        List<String> remote = unquote(argv.get(separator + 1));
        // the host's clock (ClockWitness) prints digits in any locale; zfs on another host runs in the C locale, so that its English messages are what is matched
        if (remote.equals(List.of("date", "-u", "+%s"))) {
            return answer(host, remote);
        }
        if (remote.size() < 3 || !remote.subList(0, 2).equals(List.of("env", "LC_ALL=C"))) {
            throw new IllegalStateException("a remote command without 'env LC_ALL=C': " + remote);
        }
        return answer(host, remote.subList(2, remote.size()));
    }

    private CommandResult answer(SimHost host, List<String> argv) {
        CommandResult intercepted = interceptor.apply(host, argv);
        return intercepted != null ? intercepted : new SimZfsCommands(host).run(argv);
    }

    /** The argument vector of a line {@code SshCommandRunner.quote} made: single-quoted words. */
    static List<String> unquote(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        boolean inWord = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '\'') {
                    quoted = false;
                } else {
                    word.append(c);
                }
            } else if (c == '\'') {
                quoted = true;
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
                inWord = true;
            } else if (c == ' ') {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
