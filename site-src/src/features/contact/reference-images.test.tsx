import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { contactForm } from "../../i18n/en/contact-form";
import { ArtistsProvider } from "../../lib/artists-store";
import { testArtists } from "../../testing/artists";
import { jsonResponse, mockFetch } from "../../testing/fetch";
import { ContactSection } from "./contact-section";
import { MAX_IMAGES, fitWithin, isHeic, uploadErrorText } from "./image-rules";
import { ImageRefused, prepareImage } from "./prepare-image";

const TEXT = contactForm.imageErrors;

// jsdom decodes no image: preparation is checked in real Chromium (tests/browser/), here it
// hands back a small blob as if it had prepared the file.
vi.mock("./prepare-image", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./prepare-image")>()),
  prepareImage: vi.fn(async (file: File) => {
    if (file.name.endsWith(".heic")) throw new (await import("./prepare-image")).ImageRefused(TEXT.heic);
    return { blob: new Blob([file.name], { type: "image/jpeg" }), type: "image/jpeg", width: 2048, height: 1536 };
  }),
}));

/** Stands in for XMLHttpRequest: the test decides each upload's progress and end. */
class FakeUpload {
  static all: FakeUpload[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  timeout = 0;
  status = 0;
  responseText = "";
  url = "";
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.all.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(fraction: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 } as ProgressEvent));
  }
  finish(status = 204, text = "") {
    this.status = status;
    this.responseText = text;
    act(() => this.onload?.());
  }
  drop() {
    act(() => this.onerror?.());
  }
}

let grants = 0;
const SESSION = "a".repeat(32);

function routes(contact: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  const asked: Record<string, unknown>[] = [];
  mockFetch({
    "/api/artists": () => jsonResponse(testArtists),
    "/api/contact/uploads": (init) => {
      asked.push(JSON.parse(String(init?.body)));
      grants += 1;
      return jsonResponse({
        success: true,
        id: `${SESSION}-${String(grants).padStart(16, "0")}`,
        session: SESSION,
        upload: { url: "/api/contact/uploads/file", fields: { key: `pending/${SESSION}/${grants}`, policy: "p" } },
      });
    },
    "/api/contact": (init) => {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      return contact(body);
    },
  });
  return { sent, asked };
}

const photo = (name: string) => new File(["jpeg bytes"], name, { type: "image/jpeg" });
const input = () => screen.getByLabelText("Reference images (optional)") as HTMLInputElement;
const uploaded = async (count: number) =>
  waitFor(() => expect(FakeUpload.all).toHaveLength(count), { timeout: 2000 });

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Name"), "Ada Client");
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.type(screen.getByLabelText("Tell us about your idea"), "A swallow, like these.");
}

/** The form filled in, one image uploaded, and Send pressed. */
async function sendWithOneImage(name: string) {
  const user = userEvent.setup();
  await renderContact();
  await fillForm(user);
  await user.upload(input(), photo(name));
  await uploaded(1);
  FakeUpload.all[0].finish();
  await waitFor(() => expect(screen.getByText(/: ready$/)).toBeInTheDocument());
  await user.click(screen.getByRole("button", { name: "Send Message" }));
  return user;
}

/** The section, once its form (a chunk of its own) is there. */
async function renderContact() {
  const rendered = render(
    <MemoryRouter>
      <ArtistsProvider>
        <ContactSection />
      </ArtistsProvider>
    </MemoryRouter>,
  );
  await screen.findByRole("button", { name: "Send Message" });
  return rendered;
}

beforeEach(() => {
  FakeUpload.all = [];
  grants = 0;
  vi.stubGlobal("XMLHttpRequest", FakeUpload);
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:thumb", revokeObjectURL: () => {} }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("reference images in the contact form", () => {
  it("is one optional control: a picker of images from the photo library, never the camera alone", async () => {
    routes(() => jsonResponse({ success: true, message: "ok" }));
    await renderContact();
    expect(input()).toHaveAttribute("type", "file");
    expect(input()).toHaveAttribute("accept", "image/*");
    expect(input()).toHaveAttribute("multiple");
    expect(input()).not.toHaveAttribute("capture");
    expect(input()).not.toBeRequired();
    expect(screen.queryByRole("list", { name: "Images added" })).not.toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });

  it("uploads each image with its grant's fields, shows its progress, removes one and sends the others' ids", async () => {
    const { sent, asked } = routes(() => jsonResponse({ success: true, message: "Thank you!" }));
    const user = userEvent.setup();
    await renderContact();
    await fillForm(user);
    await user.upload(input(), [photo("one.jpg"), photo("two.jpg"), photo("three.jpg")]);
    await uploaded(3);
    // One grant after another: the first starts the session the others name.
    expect(asked).toEqual([{ type: "image/jpeg" }, { type: "image/jpeg", session: SESSION }, { type: "image/jpeg", session: SESSION }]);
    const [first, second, third] = FakeUpload.all;
    expect(first.url).toBe("/api/contact/uploads/file");
    expect([...first.body!.keys()]).toEqual(["key", "policy", "file"]); // the file comes last

    first.progress(0.5);
    const bars = screen.getAllByRole("progressbar");
    expect(bars[0]).toHaveAttribute("aria-valuenow", "50");
    first.finish();
    second.finish();
    third.finish();
    const list = screen.getByRole("list", { name: "Images added" });
    await waitFor(() => expect(within(list).getAllByText(/: ready$/)).toHaveLength(3));
    expect(within(list).getAllByRole("img")).toHaveLength(3);

    await user.click(screen.getByRole("button", { name: "Remove image 1" }));
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await screen.findByText("Thank you!");
    expect(sent[0].references).toEqual([`${SESSION}-${"2".padStart(16, "0")}`, `${SESSION}-${"3".padStart(16, "0")}`]);
    expect(screen.queryByRole("list", { name: "Images added" })).not.toBeInTheDocument(); // cleared
  });

  it("makes Send wait for an upload still on its way", async () => {
    const { sent } = routes(() => jsonResponse({ success: true, message: "Thank you!" }));
    const user = userEvent.setup();
    await renderContact();
    await fillForm(user);
    await user.upload(input(), photo("slow.jpg"));
    await uploaded(1);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled();
    expect(sent).toEqual([]);
    FakeUpload.all[0].finish();
    await screen.findByText("Thank you!");
    expect(sent[0].references).toEqual([`${SESSION}-${"1".padStart(16, "0")}`]);
  });

  it("says so when an upload fails mid-way, offers to try again, and lets the visitor send without it", async () => {
    const { sent } = routes(() => jsonResponse({ success: true, message: "Thank you!" }));
    const user = userEvent.setup();
    await renderContact();
    await fillForm(user);
    await user.upload(input(), photo("dropped.jpg"));
    await uploaded(1);
    FakeUpload.all[0].drop();
    // Short under the picture, why in full below the pictures.
    expect(await screen.findByText(`Image 1: ${TEXT.offline}`)).toBeInTheDocument();
    const thumbnail = within(screen.getByRole("list", { name: "Images added" })).getByRole("listitem");
    expect(within(thumbnail).getByText("Not sent")).toBeInTheDocument();
    expect(within(thumbnail).queryByText(TEXT.offline)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText(TEXT.waitFailed)).toBeInTheDocument(); // below Send
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual([`Image 1: ${TEXT.offline}`, TEXT.waitFailed]);
    expect(sent).toEqual([]);

    await user.click(within(thumbnail).getByRole("button", { name: "Try again" }));
    await uploaded(2);
    expect(screen.queryByText(`Image 1: ${TEXT.offline}`)).not.toBeInTheDocument(); // trying again
    FakeUpload.all[1].finish(400, "<Error><Code>EntityTooLarge</Code></Error>");
    expect(await screen.findByText(`Image 1: ${TEXT.tooLarge}`)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove image 1" }));
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await screen.findByText("Thank you!");
    expect(sent[0]).not.toHaveProperty("references");
  });

  it("marks the images the function refused with its words", async () => {
    const id = `${SESSION}-${"1".padStart(16, "0")}`;
    const words = "Image 1 was already sent with another message. Remove it and add it again, or send your message without it.";
    routes(() =>
      jsonResponse(
        {
          success: false,
          error: words,
          fields: { references: words },
          references: { [id]: "This image was already sent with another message." },
        },
        400,
      ),
    );
    await sendWithOneImage("reused.jpg");
    const mine = "Image 1: This image was already sent with another message.";
    expect(await screen.findByText(mine)).toBeInTheDocument();
    const alerts = screen.getAllByRole("alert").map((a) => a.textContent);
    expect(alerts).toEqual([mine, words]); // beside the images, and below Send
    expect(screen.getByText("Not sent")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Tell us about your idea")).toHaveValue("A swallow, like these.");
  });

  it("says the function's words for the field beside the images when it names no image", async () => {
    const words = "A reference image could not be found: please remove it and add it again.";
    routes(() => jsonResponse({ success: false, error: words, fields: { references: words } }, 400));
    const user = await sendWithOneImage("forged.jpg");
    await waitFor(() => expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual([words, words]));

    await user.click(screen.getByRole("button", { name: "Remove image 1" }));
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual([words]); // no image left to be about
  });

  it("takes five images at most and refuses a HEIC photo the browser cannot open, in words", async () => {
    routes(() => jsonResponse({ success: true, message: "ok" }));
    const user = userEvent.setup();
    await renderContact();
    await user.upload(input(), [photo("a.jpg"), photo("b.heic")]);
    expect(await screen.findByText(`Image 2: ${TEXT.heic}`)).toBeInTheDocument();
    await user.upload(input(), ["c", "d", "e", "f", "g"].map((n) => photo(`${n}.jpg`)));
    expect(await screen.findByText(TEXT.tooMany(MAX_IMAGES))).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Images added" })).getAllByRole("listitem")).toHaveLength(5);
    expect(input()).toBeDisabled();
  });
});

describe("image rules", () => {
  it.each([
    [4032, 3024, { width: 2048, height: 1536 }],
    [3024, 4032, { width: 1536, height: 2048 }],
    [800, 600, { width: 800, height: 600 }],
    [10000, 10, { width: 2048, height: 2 }],
  ])("fits %i x %i within 2048 px a side", (width, height, expected) => {
    expect(fitWithin(width, height)).toEqual(expected);
  });

  const box = (brand: string) => new Uint8Array([0, 0, 0, 24, ...[..."ftyp" + brand].map((c) => c.charCodeAt(0))]);
  it.each([
    ["image/heic", "IMG_1.HEIC", new Uint8Array(), true],
    ["", "IMG_2.heif", new Uint8Array(), true],
    ["", "photo", box("heic"), true],
    ["", "photo", box("mif1"), true],
    ["", "clip.mp4", box("isom"), false],
    ["image/jpeg", "a.jpg", new Uint8Array([0xff, 0xd8, 0xff]), false],
  ])("knows a HEIC photo (%s, %s)", (type, name, head, expected) => {
    expect(isHeic(type, name, head)).toBe(expected);
  });

  it.each([
    [0, "", TEXT.offline],
    [400, "<Error><Code>EntityTooLarge</Code></Error>", TEXT.tooLarge],
    [403, "<Error><Code>AccessDenied</Code><Message>Invalid according to Policy: Policy expired.</Message></Error>", TEXT.expired],
    [403, "<Error><Code>AccessDenied</Code></Error>", TEXT.failed],
    [502, "<html>", TEXT.failed],
  ])("words a refused upload (%i)", (status, body, text) => {
    expect(uploadErrorText(status, body, TEXT)).toBe(text);
  });
});

describe("prepareImage, where the browser cannot decode", () => {
  beforeEach(() => {
    vi.stubGlobal("createImageBitmap", () => Promise.reject(new DOMException("no", "InvalidStateError")));
    // jsdom's <img> has no decode(); a browser without a HEIC decoder rejects it.
    HTMLImageElement.prototype.decode = () => Promise.reject(new DOMException("no", "EncodingError"));
    // Nor has jsdom's Blob arrayBuffer(), which every browser has: read it the old way.
    Blob.prototype.arrayBuffer ??= function (this: Blob) {
      return new Promise<ArrayBuffer>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.readAsArrayBuffer(this);
      });
    };
  });

  afterEach(() => {
    delete (HTMLImageElement.prototype as Partial<HTMLImageElement>).decode;
  });

  it("refuses a HEIC photo with the advice to send a JPEG, and anything else as not a picture", async () => {
    const { prepareImage: real } = await vi.importActual<typeof import("./prepare-image")>("./prepare-image");
    const heic = new File([new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112, 104, 101, 105, 99])], "IMG_0001");
    await expect(real(heic, TEXT)).rejects.toEqual(new ImageRefused(TEXT.heic));
    await expect(real(new File(["%PDF"], "doc.pdf"), TEXT)).rejects.toEqual(new ImageRefused(TEXT.notImage));
    expect(vi.mocked(prepareImage)).not.toHaveBeenCalled();
  });
});
