package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;

/**
 * Two hosts on this machine: network namespaces "sender" and "receiver" joined by a veth pair, with
 * their own addresses in a random 10.x.y.0/24 that exists only inside them. The zfs-fuse daemon is
 * shared (one machine), the network path between them is real. Deleted again by {@link #close()}.
 */
final class TwoHosts implements AutoCloseable {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    final String sender;
    final String receiver;
    final String senderAddress;
    final String receiverAddress;
    private final String senderLink;
    private final ProcessCommandRunner runner = new ProcessCommandRunner();
    private final List<String> created = new ArrayList<>();

    TwoHosts() {
        io.jenkins.plugins.zfsreplication.zfs.TestMachine.requireRoot("two hosts in network namespaces (ip netns)");
        String id = Long.toString(ThreadLocalRandom.current().nextLong() >>> 28, 36);
        sender = "zrs" + id;
        receiver = "zrr" + id;
        senderLink = "vs" + id;
        String receiverLink = "vr" + id;
        int subnet = ThreadLocalRandom.current().nextInt(1, 250);
        int net = ThreadLocalRandom.current().nextInt(1, 250);
        senderAddress = "10." + net + "." + subnet + ".1";
        receiverAddress = "10." + net + "." + subnet + ".2";
        try {
            for (String namespace : List.of(sender, receiver)) {
                exec("ip", "netns", "add", namespace);
                created.add(namespace);
                exec("ip", "-n", namespace, "link", "set", "lo", "up");
            }
            exec("ip", "-n", sender, "link", "add", senderLink, "type", "veth", "peer", "name", receiverLink,
                    "netns", receiver);
            exec("ip", "-n", sender, "addr", "add", senderAddress + "/24", "dev", senderLink);
            exec("ip", "-n", receiver, "addr", "add", receiverAddress + "/24", "dev", receiverLink);
            exec("ip", "-n", sender, "link", "set", senderLink, "up");
            exec("ip", "-n", receiver, "link", "set", receiverLink, "up");
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    ProcessSite senderLauncher() {
        return ProcessSite.namespace(sender);
    }

    ProcessSite receiverLauncher() {
        return ProcessSite.namespace(receiver);
    }

    /** Cuts the cable: the sender's end of the veth pair goes down. */
    void linkDown() {
        exec("ip", "-n", sender, "link", "set", senderLink, "down");
    }

    void linkUp() {
        exec("ip", "-n", sender, "link", "set", senderLink, "up");
    }

    CommandResult execIn(String namespace, String... command) {
        List<String> argv = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        argv.addAll(List.of(command));
        return runner.run(argv, TIMEOUT);
    }

    private void exec(String... command) {
        runner.run(List.of(command), TIMEOUT).orThrow();
    }

    @Override
    public void close() {
        for (String namespace : created) {
            runner.run(List.of("ip", "netns", "del", namespace), TIMEOUT);
        }
        created.clear();
    }
}
