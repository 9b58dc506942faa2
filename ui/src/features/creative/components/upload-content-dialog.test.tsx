import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { UploadContentDialog } from "./upload-content-dialog.tsx";

const ADA = { id: "00000000-0000-4000-8000-000000000001", name: "Ada Client" };
const FILE_ID = "00000000-0000-4000-8000-0000000000f1";
const SUBMITTED = { id: "00000000-0000-4000-8000-0000000000a1", version: 1, position: "1-2", status: "pending" };
const STORED = {
  id: FILE_ID,
  leadId: ADA.id,
  purpose: "photo",
  name: "hero.png",
  size: 4,
  contentType: "image/png",
  checksum: "a".repeat(64),
  createdAt: "2026-01-01T00:00:00.000Z",
  createdBy: "00000000-0000-4000-8000-0000000000d1",
  url: `/api/files/${FILE_ID}`,
  version: 1,
  position: "1-1",
};

/** POST /api/files as the browser sends it: half the bytes, then all, then the given answer. */
function stubUpload(answer: unknown) {
  const sent: string[] = [];
  class FakeXhr {
    upload: { onprogress?: (event: Partial<ProgressEvent>) => void } = {};
    status = 0;
    responseText = "";
    withCredentials = false;
    onload?: () => void;
    private url = "";
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send() {
      sent.push(this.url);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 4 });
      setTimeout(() => {
        this.status = 201;
        this.responseText = JSON.stringify(answer);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}

beforeEach(() => polyfillRadix());
afterEach(() => vi.unstubAllGlobals());

function open() {
  renderWithApp(<UploadContentDialog clients={[ADA]} defaultLeadId={ADA.id} open onOpenChange={() => {}} />);
  return userEvent.setup();
}

describe("Upload Content", { timeout: 30_000 }, () => {
  it("uploads the file first, then submits it by id and says Content Uploaded", async () => {
    const uploads = stubUpload(STORED);
    const calls = stubFetch(() => ({ status: 201, body: SUBMITTED }));
    const user = open();
    await user.type(screen.getByRole("textbox", { name: "Title" }), " Hero ");
    await user.upload(screen.getByLabelText("File"), new File(["png!"], "hero.png", { type: "image/png" }));
    await user.click(screen.getByRole("button", { name: "Upload Content" }));
    expect(await screen.findByText("Content Uploaded")).toBeTruthy();
    expect(screen.getByText("Hero is waiting for review.")).toBeTruthy();
    expect(uploads).toEqual([`/api/files?leadId=${ADA.id}&purpose=photo`]);
    expect(calls[0]).toMatchObject({
      url: "/api/content-submissions",
      body: { leadId: ADA.id, type: "photo", title: "Hero", description: "", caption: "", fileId: FILE_ID },
    });
  });

  it("fails the upload when /api/files answers another shape, and submits nothing", async () => {
    stubUpload({ ...STORED, id: 7 });
    const calls = stubFetch(() => ({ status: 201, body: SUBMITTED }));
    const user = open();
    await user.type(screen.getByRole("textbox", { name: "Title" }), "Hero");
    await user.upload(screen.getByLabelText("File"), new File(["png!"], "hero.png", { type: "image/png" }));
    await user.click(screen.getByRole("button", { name: "Upload Content" }));
    expect(await screen.findByText("Upload Failed")).toBeTruthy();
    expect(screen.getByText("Failed to upload the content. Please try again.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("asks for the photo's file with the Missing Information toast", async () => {
    const calls = stubFetch(() => ({ status: 201, body: SUBMITTED }));
    const user = open();
    await user.type(screen.getByRole("textbox", { name: "Title" }), "Hero");
    await user.click(screen.getByRole("button", { name: "Upload Content" }));
    expect(await screen.findByText("Missing Information")).toBeTruthy();
    expect(screen.getByText("Choose the photo file.")).toBeTruthy();
    await waitFor(() => expect(calls).toEqual([]));
  });
});
