import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ACCOUNT_DEACTIVATED } from "@crm/contracts/auth/auth";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMe } from "@/lib/session";
import { toast } from "@/lib/toast";
import { useSignOut } from "../api/sign-out.ts";
import { AuthLayout } from "./auth-layout.tsx";
import { CredentialsForm } from "./credentials-form.tsx";
import { RequestAccessForm } from "./request-access-form.tsx";
import { SocialSignInButton } from "./social-sign-in-button.tsx";

/** /login: Sign In / Sign Up tabs and the social button; the Request Access step once signed in without a record. */
export function LoginPage() {
  const { data: me } = useMe();
  useOidcErrorToast();
  return <AuthLayout>{me && !me.user ? <RequestAccessCard email={me.email} /> : <SignInCard />}</AuthLayout>;
}

function SignInCard() {
  useDocumentTitle("Sign In");
  return (
    <Card className="shadow-md">
      <CardHeader className="text-center">
        <h1 className="text-xl font-semibold tracking-tight">Welcome to Agency CRM</h1>
        <CardDescription>Sign in, or create an account to request access.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Tabs defaultValue="sign-in">
          <TabsList className="w-full">
            <TabsTrigger value="sign-in">Sign In</TabsTrigger>
            <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="sign-in" className="grid gap-3 pt-4">
            <CredentialsForm mode="sign-in" />
            <Link
              to="/forgot-password"
              className="justify-self-center rounded-sm text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              Forgot password?
            </Link>
          </TabsContent>
          <TabsContent value="sign-up" className="pt-4">
            <CredentialsForm mode="sign-up" />
          </TabsContent>
        </Tabs>
        <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden="true">
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </div>
        <SocialSignInButton />
      </CardContent>
    </Card>
  );
}

function RequestAccessCard({ email }: { email: string }) {
  useDocumentTitle("Request Access");
  const signOut = useSignOut();
  return (
    <Card className="shadow-md">
      <CardHeader>
        <h1 className="text-xl font-semibold tracking-tight">Request Access</h1>
        <CardDescription>
          Signed in as <span className="font-medium text-foreground">{email}</span>. Tell us who you are; a Partner approves new accounts.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <RequestAccessForm email={email} />
        <Button variant="ghost" size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign Out
        </Button>
      </CardContent>
    </Card>
  );
}

/** The OIDC callback lands on /login?error=… when the provider sign-in failed. */
function useOidcErrorToast() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const error = params.get("error");
  useEffect(() => {
    if (!error) return;
    // The one failure the person can do nothing about by trying again: a Partner deactivated the account.
    const description = error === "deactivated" ? ACCOUNT_DEACTIVATED : "Failed to sign in with Google. Please try again.";
    toast({ variant: "destructive", title: "Sign In Failed", description });
    void navigate("/login", { replace: true });
  }, [error, navigate]);
}
